import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { TMyCoupon } from '#contract/purchases';
import { api } from '@/lib/api';
import type { Versioned } from '@/lib/api-client';
import { myCouponsKeys } from '@/lib/query-keys';
import { whenIdle } from '@/lib/when-idle';
import { earlyMyCoupons } from './early-answer';
import { currentUserId } from './get-saved-coupons';
import { keepOnDevice } from './keep-on-device';
import { myCouponsCheck } from './my-coupons-check';

/** SPEC §4 Polling, §9: My QR reloads the list every 5 s. */
export const MY_COUPONS_POLL_MS = 5000;

const myCouponsPath = (username: string) => `/api/coupon/valid/qr/customer/${encodeURIComponent(username)}`;

/** The newest list not yet kept on the phone, if any. */
let toKeep: { client: QueryClient; userId: number; coupons: TMyCoupon[] } | undefined;

/**
 * Keeps the list on the phone once the page is idle: its images' fetches and the save are no part of
 * drawing it. Whichever idle moment comes first keeps the newest list, so an older one can never be
 * saved over it.
 */
function keepWhenIdle(client: QueryClient, userId: number, coupons: TMyCoupon[]) {
  toKeep = { client, userId, coupons };
  whenIdle(() => {
    if (!toKeep) return;
    void keepOnDevice(toKeep.client, toKeep.userId, toKeep.coupons);
    toKeep = undefined;
  });
}

export const getMyCouponsQueryOptions = (username: string | null | undefined) =>
  queryOptions({
    queryKey: myCouponsKeys.of(username),
    // The list last received goes along with its ETag, so an unchanged list costs a 304.
    queryFn: async ({ client, queryKey }) => {
      const cached = client.getQueryData<Versioned<TMyCoupon[]>>(queryKey);
      const answer =
        (!cached && username ? await earlyMyCoupons(client, username) : undefined) ??
        (await api.getIfChanged(myCouponsPath(username ?? ''), { cached, schema: myCouponsCheck }));
      const userId = currentUserId();
      // Each new list replaces the saved one: a coupon gifted, refunded or redeemed elsewhere goes.
      if (answer !== cached && userId !== undefined) keepWhenIdle(client, userId, answer.data);
      return answer;
    },
    enabled: !!username,
    refetchInterval: MY_COUPONS_POLL_MS,
    // The poll is the retry. Asked even when the browser says it is offline: the failure is what
    // tells the screen to show the saved list (a paused query would just wait).
    retry: false,
    networkMode: 'always',
    select: (answer) => answer.data,
  });

/** The user's QR coupons, newest first, as the server orders them. */
export const useMyCoupons = (username: string | null | undefined) =>
  useQuery(getMyCouponsQueryOptions(username));

/** The same list asked once, not polled: for a screen where it does not change (Home). */
export const useMyCouponsOnce = (username: string | null | undefined) =>
  useQuery({ ...getMyCouponsQueryOptions(username), refetchInterval: false });
