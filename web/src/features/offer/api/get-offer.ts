import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZOfferResponse } from '#contract/offer';
import { api } from '@/lib/api';

export const getOffer = () => api.get('/api/offer', ZOfferResponse);

export const getOfferQueryOptions = () =>
  queryOptions({
    queryKey: ['offer'],
    queryFn: getOffer,
    // The seller's details change with a redeploy, not while the app is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useOffer = () => useQuery(getOfferQueryOptions());
