import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZRegionsResponse } from '#contract/partners';
import { api } from '@/lib/api';
import { catalogueKeys } from '@/lib/query-keys';
import { toSelectNames } from '@/lib/select-lists';
import { retryWhileFailing } from './connection-retry';

export const getRegions = async () => toSelectNames(await api.get('/api/partners/region', ZRegionsResponse));

export const getRegionsQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.regions,
    queryFn: getRegions,
    retry: false,
    refetchInterval: retryWhileFailing,
  });

export const useRegions = () => useQuery(getRegionsQueryOptions());
