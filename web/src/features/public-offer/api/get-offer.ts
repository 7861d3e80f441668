import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPublicOfferResponse } from '#contract/public-offer';
import { api } from '@/lib/api';
import { publicOfferKeys } from '@/lib/query-keys';

export const getOffer = () => api.get('/api/offer', ZPublicOfferResponse);

export const getOfferQueryOptions = () =>
  queryOptions({
    queryKey: publicOfferKeys.terms,
    queryFn: getOffer,
    // The seller's details change with a redeploy, not while the app is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useOffer = () => useQuery(getOfferQueryOptions());
