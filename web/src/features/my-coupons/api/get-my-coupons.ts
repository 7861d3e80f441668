import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TMyCoupon, ZMyCouponsResponse } from '#contract/purchases';
import { api } from '@/lib/api';
import type { Versioned } from '@/lib/api-client';

/** SPEC §4 Polling, §9: My QR reloads the list every 5 s. */
export const MY_COUPONS_POLL_MS = 5000;

const myCouponsPath = (username: string) => `/api/coupon/valid/qr/customer/${encodeURIComponent(username)}`;

export const getMyCouponsQueryOptions = (username: string | null | undefined) =>
  queryOptions({
    queryKey: ['my-coupons', username],
    // The list last received goes along with its ETag, so an unchanged list costs a 304.
    queryFn: ({ client, queryKey }) =>
      api.getIfChanged(myCouponsPath(username ?? ''), {
        cached: client.getQueryData<Versioned<TMyCoupon[]>>(queryKey),
        schema: ZMyCouponsResponse,
      }),
    enabled: !!username,
    refetchInterval: MY_COUPONS_POLL_MS,
    select: (answer) => answer.data,
  });

/** The user's QR coupons, newest first, as the server orders them. */
export const useMyCoupons = (username: string | null | undefined) =>
  useQuery(getMyCouponsQueryOptions(username));
