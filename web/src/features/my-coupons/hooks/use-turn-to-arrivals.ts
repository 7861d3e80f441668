import { useEffect, useRef } from 'react';
import type { TMyCoupon } from '#contract/purchases';

/**
 * Turns My QR to a usable coupon that a later list brings: bought through Telegram's payment sheet
 * (issued once the bot hears of the payment, a poll after My QR opened), received as a gift, or
 * newer than the list saved on the device that showed first.
 */
export function useTurnToArrivals(coupons: TMyCoupon[] | undefined, turnTo: (id: string) => void) {
  const shown = useRef<ReadonlySet<string> | undefined>(undefined);
  useEffect(() => {
    if (!coupons) return;
    const before = shown.current;
    shown.current = new Set(coupons.map(({ id }) => id));
    const arrival = before && coupons.find(({ id, status }) => status === 'NOT_USED' && !before.has(id));
    if (arrival) turnTo(arrival.id);
  }, [coupons, turnTo]);
}
