import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ZOffersResponse } from '#contract/coupons';
import { api } from '@/lib/api';
import { catalogueKeys } from '@/lib/query-keys';
import { retryWhileFailing } from './connection-retry';

export const getOffers = (partnerId: number) => api.get(`/api/coupons/partner/${partnerId}`, ZOffersResponse);

export const getOffersQueryOptions = (partnerId: number | null) =>
  queryOptions({
    queryKey: catalogueKeys.offers(partnerId),
    queryFn: partnerId === null ? skipToken : () => getOffers(partnerId),
    retry: false,
    refetchInterval: retryWhileFailing,
  });

/** A partner's coupons on sale; idle while `partnerId` is null. */
export const useOffers = (partnerId: number | null) => useQuery(getOffersQueryOptions(partnerId));
