import type { MessageButtons } from '../../domain/messenger.ts';

/**
 * Every tap whose data starts `rate:`, the buttons' own and any other (stars out of 1–5, from a
 * forged or garbled tap): each must be answered, or Telegram keeps the button spinning.
 */
export const RATE_CALLBACK = /^rate:/;
/** `rate:<purchased coupon id>:<stars>`: 43 bytes, within Telegram's 64 for callback data. */
const RATE_TAP = /^rate:([0-9a-f-]{36}):([1-5])$/;

/** A tap's coupon and stars; undefined for data no button of ours carries. */
export function rateTapOf(data: string): { purchasedCouponId: string; stars: number } | undefined {
  const [, purchasedCouponId, stars] = RATE_TAP.exec(data) ?? [];
  return purchasedCouponId && stars ? { purchasedCouponId, stars: Number(stars) } : undefined;
}

/** The 1–5 buttons under the bot's question after a visit. */
export function ratingButtons(purchasedCouponId: string): MessageButtons {
  return [
    [1, 2, 3, 4, 5].map((stars) => ({ text: `${stars}`, callback: `rate:${purchasedCouponId}:${stars}` })),
  ];
}
