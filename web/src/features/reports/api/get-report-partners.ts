import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPartnerOptionsResponse } from '#contract/partners';
import { api } from '@/lib/api';
import { reportKeys } from '@/lib/query-keys';

export const getReportPartners = () => api.get('/api/reports/partners', ZPartnerOptionsResponse);

export const getReportPartnersQueryOptions = () =>
  queryOptions({ queryKey: reportKeys.partners, queryFn: getReportPartners });

/** The partners whose redemption report the caller may read: an admin all, a partner or staff their own. */
export const useReportPartners = () => useQuery(getReportPartnersQueryOptions());
