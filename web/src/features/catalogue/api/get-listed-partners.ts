import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ZListedPartnersResponse } from '#contract/partners';
import { api } from '@/lib/api';
import { catalogueKeys } from '@/lib/query-keys';
import { toSelectList } from '@/lib/select-lists';
import { retryWhileFailing } from './connection-retry';

type PartnerFilter = { region: string; type: string };

export const getListedPartners = async ({ region, type }: PartnerFilter) =>
  toSelectList(
    await api.get(
      `/api/partners/filter/${encodeURIComponent(region)}/${encodeURIComponent(type)}`,
      ZListedPartnersResponse,
    ),
    (partner) => partner.companyName,
  );

export const getListedPartnersQueryOptions = (filter: PartnerFilter | null) =>
  queryOptions({
    queryKey: catalogueKeys.partners(filter?.region, filter?.type),
    queryFn: filter ? () => getListedPartners(filter) : skipToken,
    retry: false,
    refetchInterval: retryWhileFailing,
  });

/** Partners with coupons on sale of one type in one region; idle while `filter` is null. */
export const useListedPartners = (filter: PartnerFilter | null) =>
  useQuery(getListedPartnersQueryOptions(filter));
