import { z } from 'zod';

export { HELD_GIFT_DAYS, heldGiftUntil } from './gift-hold.ts';

export const GIFT_TO_SELF = 'Нельзя отправить купон себе!!';
export const GIFT_FRIEND_NOT_FOUND = 'Человек с таким юзернеймом не состоит в чате, либо его не существует.';
export const GIFT_COUPON_UNAVAILABLE = 'Этот купон уже использован или больше не ваш';
export const GIFT_COUPON_EXPIRED = 'Срок действия купона истек: подарить его нельзя';
export const GIFT_REFUND_PENDING = 'По этому купону идет возврат денег: подарить его нельзя';

/** The `error` codes of gifting. */
export const GiftErrorCode = {
  toSelf: 'gift_to_self',
  friendNotFound: 'friend_not_found',
  couponUnavailable: 'coupon_unavailable',
  couponExpired: 'coupon_expired',
  refundPending: 'refund_pending',
  giftNotHeld: 'gift_not_held',
  giftNotFound: 'gift_not_found',
  giftNotShareable: 'gift_not_shareable',
  shareUnavailable: 'share_unavailable',
} as const;

/**
 * A gift's answer: `sent` to a known member at once, or `held` for a username nobody has opened
 * the app with yet, until they do or `heldUntil` (ISO time) passes (ADR 0012).
 */
export const ZGiftResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('sent'), giftId: z.number().int() }),
  z.object({ status: z.literal('held'), giftId: z.number().int(), heldUntil: z.string() }),
]);
export type TGiftResponse = z.infer<typeof ZGiftResponse>;

/** GET /api/gifts/held: the caller's gifts still waiting for their addressee (each may be canceled). */
export const ZHeldGift = z.object({
  giftId: z.number().int(),
  purchasedCouponId: z.string(),
  toUsername: z.string(),
  createdAt: z.string(),
});
export type THeldGift = z.infer<typeof ZHeldGift>;
export const ZHeldGiftsResponse = z.array(ZHeldGift);

/**
 * POST /api/gifts/{giftId}/prepared-message: the message about a gift the bot prepared for the giver
 * to share (`id` for Mini Apps' shareMessage), and its text and link for a t.me/share/url link where
 * the client cannot share a prepared message. No `id` where the messenger prepares no messages (MAX):
 * its app shares the text and the link itself.
 */
export const ZPreparedGiftMessage = z.object({
  id: z.string().optional(),
  text: z.string(),
  appLink: z.url(),
});
export type TPreparedGiftMessage = z.infer<typeof ZPreparedGiftMessage>;
