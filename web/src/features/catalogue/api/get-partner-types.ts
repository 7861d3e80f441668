import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ZPartnerTypesResponse } from '#contract/partners';
import { api } from '@/lib/api';
import { catalogueKeys } from '@/lib/query-keys';
import { toSelectNames } from '@/lib/select-lists';
import { retryWhileFailing } from './connection-retry';

export const getPartnerTypes = async (region: string) =>
  toSelectNames(await api.get(`/api/partners/types/${encodeURIComponent(region)}`, ZPartnerTypesResponse));

export const getPartnerTypesQueryOptions = (region: string) =>
  queryOptions({
    queryKey: catalogueKeys.types(region),
    queryFn: region === '' ? skipToken : () => getPartnerTypes(region),
    retry: false,
    refetchInterval: retryWhileFailing,
  });

/** The partner types present in a region; idle until a region is chosen. */
export const usePartnerTypes = (region: string) => useQuery(getPartnerTypesQueryOptions(region));
