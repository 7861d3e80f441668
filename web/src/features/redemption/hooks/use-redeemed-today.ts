import { type QueryCache, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { dayIn } from '#contract/date-time';
import type { TScannedCoupon } from '#contract/redemption';
import { scannedCouponKeys } from '@/lib/query-keys';
import { useOfflineState } from '../offline/use-offline-state';

/** What the server said last, in its latest answer to a scan, of the caller's redemptions today. */
function latestCount(cache: QueryCache): number | undefined {
  let latest: { at: number; count: number } | undefined;
  for (const query of cache.findAll({ queryKey: scannedCouponKeys.all })) {
    const data = query.state.data as TScannedCoupon | undefined;
    if (data && (!latest || query.state.dataUpdatedAt >= latest.at))
      latest = { at: query.state.dataUpdatedAt, count: data.redeemedToday };
  }
  return latest?.count;
}

/**
 * «Погашено сегодня» for the person scanning: what the server last said they redeemed today and
 * still hold redeemed (every scan's answer says it; a redeem here adds one at once), and what this
 * phone redeemed today with no signal and has not sent yet. `server` is undefined until it has said.
 */
export function useRedeemedToday(timeZone: string): { server: number | undefined; offline: number } {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(() => onChange()), [cache]);
  const server = useSyncExternalStore(subscribe, () => latestCount(cache));
  const { pending } = useOfflineState();
  const today = dayIn(timeZone, new Date());
  const offline = pending.filter((item) => dayIn(timeZone, new Date(item.redeemedAt)) === today).length;
  return { server, offline };
}
