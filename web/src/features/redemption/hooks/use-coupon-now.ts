import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isNetworkError } from '@/lib/api-client';
import { scannedCouponKeys } from '@/lib/query-keys';
import { useScannedCoupon } from '../api/get-scanned-coupon';
import { useIsOnline, useOfflineState } from '../offline/use-offline-state';

/**
 * A scanned coupon as its card may show it. The server's answer, but never one it gave before it
 * took this phone's redemptions made with no signal: such an answer may say «Не использован» of a
 * coupon one of them has just redeemed, so it is not shown and is asked again (a read still under
 * way is dropped for a new one: it may have been answered before). The phone's own check instead
 * while the phone holds a redemption of this coupon the server has not had, and while there is no
 * signal. A card is read again when the signal returns (TanStack Query's refetch on reconnect, and
 * every 15 s while it cannot reach the server, for a webview that says it is online with no signal).
 */
export function useCouponNow(qrToken: string | undefined) {
  const live = useScannedCoupon(qrToken);
  // Counted, not timed: the phone's clock says nothing of which answer came first.
  const answers = useQueryClient().getQueryState(scannedCouponKeys.of(qrToken))?.dataUpdateCount ?? 0;
  const online = useIsOnline();
  const { pending, syncs } = useOfflineState();
  const waiting = !!qrToken && pending.some((item) => item.qrToken === qrToken);

  // Which of the query's answers came before the last sync: those up to `updatesAtSync`.
  const [atSync, setAtSync] = useState({ syncs, updatesAtSync: -1 });
  const updatesAtSync = atSync.syncs === syncs ? atSync.updatesAtSync : answers;
  if (atSync.syncs !== syncs) setAtSync({ syncs, updatesAtSync });

  const { refetch } = live;
  const syncsRead = useRef(syncs);
  useEffect(() => {
    if (!qrToken || syncs === syncsRead.current) return;
    syncsRead.current = syncs;
    void refetch();
  }, [qrToken, syncs, refetch]);

  const current = answers > updatesAtSync;
  return {
    /** The phone's own check is what stands now. */
    // The last read's failure stands while the next one is under way (one every 15 s): no flicker.
    offline: waiting || !online || isNetworkError(live.failureReason) || isNetworkError(live.error),
    /** The server's state, once it has answered since the last sync. */
    data: current ? live.data : undefined,
    checking: live.isFetching,
    error: live.error,
  };
}

export type CouponNow = ReturnType<typeof useCouponNow>;
