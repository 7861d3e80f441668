import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ZWaitlistPlace } from '#contract/waitlist';
import { api } from '@/lib/api';
import { waitlistKeys } from '@/lib/query-keys';

/** A unit held for the caller counts down to its end: the place is asked again at least this often. */
const PLACE_POLL_MS = 30_000;

export const getWaitlistPlaceQueryOptions = (couponId: number | null) =>
  queryOptions({
    queryKey: waitlistKeys.place(couponId),
    queryFn:
      couponId === null ? skipToken : () => api.get(`/api/offers/${couponId}/waitlist`, ZWaitlistPlace),
    refetchInterval: PLACE_POLL_MS,
  });

/** The caller's place in the line of a sold-out offer; idle while `couponId` is null. */
export const useWaitlistPlace = (couponId: number | null) => useQuery(getWaitlistPlaceQueryOptions(couponId));
