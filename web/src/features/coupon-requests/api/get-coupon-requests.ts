import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCouponRequestsResponse } from '#contract/coupons';
import { api } from '@/lib/api';
import { isRefusal } from '@/lib/api-client';
import { couponRequestKeys } from '@/lib/query-keys';

/** SPEC §4: the admin's request list is polled every 4 s. */
const COUPON_REQUESTS_POLL_MS = 4000;

export const getCouponRequests = () => api.get('/api/coupons/to/apply', ZCouponRequestsResponse);

export const getCouponRequestsQueryOptions = () =>
  queryOptions({
    queryKey: couponRequestKeys.all,
    queryFn: getCouponRequests,
    // The poll is the retry: a failed load is asked again on the next tick.
    retry: false,
    refetchInterval: COUPON_REQUESTS_POLL_MS,
    // A refusal will not pass by polling: the screen's RoleGate shows it alone.
    throwOnError: isRefusal,
  });

export const useCouponRequests = () => useQuery(getCouponRequestsQueryOptions());

/** How many requests wait for an admin, asked once (Home's count: the request list polls, Home does not). */
export const useWaitingRequestCount = () =>
  useQuery({
    queryKey: couponRequestKeys.all,
    queryFn: getCouponRequests,
    retry: false,
    select: (requests) => requests.length,
  });
