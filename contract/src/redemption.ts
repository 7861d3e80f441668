import { z } from 'zod';
import { MESSENGERS } from './messengers.ts';
import { COUPON_EXPIRED, REDEEM_REFUSED } from './redeem-texts.ts';

/**
 * What a partner's scan finds: the coupon's visible state, or its QR replaced when the coupon was
 * given away (or held as a gift for someone). Anything but NOT_USED redeems nothing: the partner's alarm.
 */
export const ZScanStatus = z.enum([
  'NOT_USED',
  'USED',
  'EXPIRED',
  'REFUND_PENDING',
  'REFUNDED',
  'VOID',
  'GIFTED_AWAY',
]);
export type TScanStatus = z.infer<typeof ZScanStatus>;

/** What the partner's screen shows after a scan: the server's state now, not the one printed in the QR. */
export const ZScannedCoupon = z.object({
  status: ZScanStatus,
  date: z.string(),
  partner: z.string(),
  region: z.string(),
  discount: z.string(),
  address: z.string(),
  telegramName: z.string(),
  /** The messenger `telegramName` is a name in: the holder's, whichever they bought in. */
  messenger: z.enum(MESSENGERS),
  /** The caller may undo this redemption now (their own, within ten minutes; an admin always). */
  canUndo: z.boolean(),
  /** The last day it may be used, `YYYY-MM-DD`; null when it never expires. */
  expiresAt: z.string().nullable(),
  /** When it was redeemed, an ISO instant; null unless USED. */
  redeemedAt: z.string().nullable(),
  /** Who redeemed it: `@username`, or a first name without one; null unless USED. */
  redeemedBy: z.string().nullable(),
  /** When its QR was replaced by a gift, an ISO instant; null unless GIFTED_AWAY. */
  giftedAwayAt: z.string().nullable(),
});
export type TScannedCoupon = z.infer<typeof ZScannedCoupon>;

/**
 * GET /api/redemption/today: «Погашено сегодня», whose it is. Each company the caller redeems for
 * (an admin: each with any today) and its coupons redeemed today (REPORT_TIME_ZONE's day) by anyone
 * there and still redeemed (an undo takes one off).
 */
export const ZRedeemedToday = z.array(
  z.object({ companyName: z.string(), count: z.number().int().nonnegative() }),
);
export type TRedeemedToday = z.infer<typeof ZRedeemedToday>;

/** Redeem answers `""` on success (SPEC §4), the refusal text otherwise. */
export const ZRedeemResponse = z.union([z.literal(''), z.literal(REDEEM_REFUSED), z.literal(COUPON_EXPIRED)]);

export const UNDO_WINDOW_MINUTES = 10;

/** The `error` code of an undo that is too late or not the caller's. */
export const RedemptionErrorCode = { undoRefused: 'undo_refused' } as const;
