import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZOfferResponse } from '#contract/offer';
import { api } from '@/lib/api';
import { offerKeys } from '@/lib/query-keys';

export const getOffer = () => api.get('/api/offer', ZOfferResponse);

export const getOfferQueryOptions = () =>
  queryOptions({
    queryKey: offerKeys.terms,
    queryFn: getOffer,
    // The seller's details change with a redeploy, not while the app is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useOffer = () => useQuery(getOfferQueryOptions());
