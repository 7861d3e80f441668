import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAdminPartnersResponse } from '#contract/back-office-partners';
import { api } from '@/lib/api';
import { partnerKeys } from '@/lib/query-keys';

export const getAdminPartners = () => api.get('/api/admin/partners', ZAdminPartnersResponse);

export const getAdminPartnersQueryOptions = () =>
  queryOptions({ queryKey: partnerKeys.admin, queryFn: getAdminPartners });

/** Every partner, active and paused, with its staff and every offer (admins only). */
export const useAdminPartners = () => useQuery(getAdminPartnersQueryOptions());
