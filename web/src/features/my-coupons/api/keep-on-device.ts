import type { QueryClient } from '@tanstack/react-query';
import type { TMyCoupon } from '#contract/purchases';
import { type SavedCoupons, saveCoupons } from '../saved-coupons';
import { qrImageQueryOptions } from './get-qr-image';
import { savedCouponsQueryOptions } from './get-saved-coupons';

// Saved one after another, so a slow save of an older list never overwrites a newer one.
let saving = Promise.resolve();

/**
 * Replaces the saved list with the server's latest one, each coupon's QR image along: one already
 * held (in memory or on the device) is not fetched again, tokens being immutable.
 */
export function keepOnDevice(client: QueryClient, userId: number, coupons: TMyCoupon[]): Promise<void> {
  saving = saving.then(async () => {
    const images: Record<string, string> = {};
    // One image after another, each asked for in the task its predecessor's answer came in: asked
    // all at once, their fetches' starts were one task of Home's as long as 10–28 ms on a fast
    // machine (docs/performance.md, «Lighthouse as a phone»). Nobody waits for this save.
    for (const { qrImageUrl } of coupons) {
      try {
        images[qrImageUrl] = await client.fetchQuery(qrImageQueryOptions(userId, qrImageUrl));
      } catch {
        // Saved without it: its slide shows the empty square, as it would online until it came.
      }
    }
    const saved: SavedCoupons = { coupons, images };
    client.setQueryData(savedCouponsQueryOptions(userId).queryKey, saved);
    await saveCoupons(userId, saved);
  });
  return saving;
}
