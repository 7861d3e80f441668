import { z } from 'zod';
import { ZPurchasedCouponStatus } from './purchases.ts';
import { COUPON_EXPIRED, REDEEM_REFUSED } from './redeem-texts.ts';

/** What the partner's screen shows after a scan: the server's state now, not the one printed in the QR. */
export const ZScannedCoupon = z.object({
  status: ZPurchasedCouponStatus,
  date: z.string(),
  partner: z.string(),
  region: z.string(),
  discount: z.string(),
  address: z.string(),
  telegramName: z.string(),
  /** The caller may undo this redemption now (their own, within ten minutes; an admin always). */
  canUndo: z.boolean(),
  /** The last day it may be used, `YYYY-MM-DD`; null when it never expires. */
  expiresAt: z.string().nullable(),
});
export type TScannedCoupon = z.infer<typeof ZScannedCoupon>;

/** Redeem answers `""` on success (SPEC §4), the refusal text otherwise. */
export const ZRedeemResponse = z.union([z.literal(''), z.literal(REDEEM_REFUSED), z.literal(COUPON_EXPIRED)]);

export const UNDO_WINDOW_MINUTES = 10;

/** The `error` code of an undo that is too late or not the caller's. */
export const RedemptionErrorCode = { undoRefused: 'undo_refused' } as const;
