import type { InlineKeyboardMarkup } from 'grammy/types';

/** `rate:<purchased coupon id>:<stars>`: 43 bytes, within Telegram's 64 for callback data. */
export const RATE_CALLBACK = /^rate:([0-9a-f-]{36}):([1-5])$/;

/** The 1–5 buttons under the bot's question after a visit. */
export function ratingKeyboard(purchasedCouponId: string): InlineKeyboardMarkup {
  return {
    inline_keyboard: [
      [1, 2, 3, 4, 5].map((stars) => ({
        text: `${stars}`,
        callback_data: `rate:${purchasedCouponId}:${stars}`,
      })),
    ],
  };
}
