import { useEffect } from 'react';
import { isPartnerStaffOrAdmin, type TUserState } from '@/features/session/user-state';
import { whenIdle } from '@/lib/when-idle';

/**
 * From the start of a redeemer's app: what the last session redeemed with no signal is
 * sent, and the kit for checking coupons offline is refreshed while there is a network. Loaded when
 * the first screen is drawn, and never for a buyer.
 */
export function useOfflineRedeeming(user: TUserState | undefined) {
  const owner = isPartnerStaffOrAdmin(user) ? user?.username : undefined;
  useEffect(() => {
    if (!owner) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    const cancel = whenIdle(() => {
      void import('@/features/redemption/offline/offline-redemptions').then(({ startOfflineRedemptions }) => {
        if (!stopped) stop = startOfflineRedemptions(owner);
      });
    });
    return () => {
      stopped = true;
      cancel();
      stop?.();
    };
  }, [owner]);
}
