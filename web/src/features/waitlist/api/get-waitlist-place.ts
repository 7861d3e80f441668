import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ZWaitlistPlace } from '#contract/waitlist';
import { api } from '@/lib/api';
import { waitlistKeys } from '@/lib/query-keys';

/** A unit held for the caller counts down to its end: the place is asked again at least this often. */
const PLACE_POLL_MS = 30_000;

export const getWaitlistPlaceQueryOptions = (offerId: number | null) =>
  queryOptions({
    queryKey: waitlistKeys.place(offerId),
    queryFn: offerId === null ? skipToken : () => api.get(`/api/offers/${offerId}/waitlist`, ZWaitlistPlace),
    refetchInterval: PLACE_POLL_MS,
  });

/** The caller's place in the line of a sold-out offer; idle while `offerId` is null. */
export const useWaitlistPlace = (offerId: number | null) => useQuery(getWaitlistPlaceQueryOptions(offerId));
