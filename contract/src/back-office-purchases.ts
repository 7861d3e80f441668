import { z } from 'zod';
import { ZDay } from './dates.ts';
import { ZDbId } from './ids.ts';
import { ZMessengerAccount } from './linking.ts';
import { ZUsernameSearch } from './username-schemas.ts';

/**
 * A purchased coupon's state as people name it; EXPIRED is an unused one past its last day,
 * REFUND_PENDING one whose refund the provider has not finished, HELD one gifted to a username that
 * has not opened the app yet.
 */
export const ZCouponState = z.enum([
  'NOT_USED',
  'USED',
  'REFUNDED',
  'VOID',
  'EXPIRED',
  'REFUND_PENDING',
  'HELD',
]);
export type TCouponState = z.infer<typeof ZCouponState>;

export const ZPaymentProviderName = z.enum(['sandbox', 'link', 'yookassa', 'telegram']);
export type TPaymentProviderName = z.infer<typeof ZPaymentProviderName>;

/** What an admin may do with a purchase now, as the server decides it: the card offers only these. */
export const ZPurchaseActions = z.object({
  /** «Вернуть деньги» through the provider that took the money. */
  refund: z.boolean(),
  /** «Отметить возврат»: paid by link, the money was returned outside the app. */
  markRefunded: z.boolean(),
  /** «Аннулировать»: paid by link, the money never came. */
  void: z.boolean(),
});
export type TPurchaseActions = z.infer<typeof ZPurchaseActions>;

/** What happened to a purchase, from the audit log. */
export const ZPurchaseEvent = z.object({
  at: z.string(),
  kind: z.string(),
  /** Who did it: @username, a name, or null for the system (a provider, a job). */
  actor: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type TPurchaseEvent = z.infer<typeof ZPurchaseEvent>;

export const ZAdminPurchase = z.object({
  id: z.string(),
  /** Who holds the coupon now: whoever paid, until a gift gives it to another. */
  buyer: z.object({ id: z.number().int(), name: z.string() }),
  /** The buyer's accounts in the messengers: «Telegram @x · MAX @y». */
  buyerMessengers: z.array(ZMessengerAccount),
  /** Who paid for it: a refund's money goes back to them, whoever holds the coupon. */
  payer: z.object({ id: z.number().int(), name: z.string() }),
  partner: z.object({ id: z.number().int(), companyName: z.string(), region: z.string() }),
  offerId: z.number().int(),
  price: z.number().int(),
  discount: z.number().int(),
  status: ZCouponState,
  provider: ZPaymentProviderName,
  /** The provider's own id of the payment (YooKassa's), null for the buyer's word. */
  providerPaymentId: z.string().nullable(),
  verified: z.boolean(),
  purchasedAt: z.string(),
  /** The last day it may be used, `YYYY-MM-DD` (API.md names it expiresAt); null: no limit. */
  expiresAt: z.string().nullable(),
  redeemedBy: z.string().nullable(),
  history: z.array(ZPurchaseEvent),
  actions: ZPurchaseActions,
});
export type TAdminPurchase = z.infer<typeof ZAdminPurchase>;

export const ZPurchaseFilter = z.enum(['unused', 'used', 'refunding', 'refunded', 'void', 'expired']);
export type TPurchaseFilter = z.infer<typeof ZPurchaseFilter>;

/** GET /api/admin/purchases query: every field optional, `cursor` from the previous page. */
export const ZAdminPurchasesQuery = z.object({
  status: ZPurchaseFilter.optional(),
  partnerId: ZDbId.optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
  /** A piece of the buyer's username, as pasted (the one username rule, usernames.ts). */
  q: ZUsernameSearch.optional(),
  cursor: z.string().max(200).optional(),
});
export type TAdminPurchasesQuery = z.input<typeof ZAdminPurchasesQuery>;

export const ZAdminPurchasesResponse = z.object({
  items: z.array(ZAdminPurchase),
  nextCursor: z.string().nullable(),
});
export type TAdminPurchasesResponse = z.infer<typeof ZAdminPurchasesResponse>;

/** POST …/refund: REFUNDED at once, or REFUND_PENDING while the provider has not finished. */
export const ZRefundResponse = z.object({ status: z.enum(['REFUNDED', 'REFUND_PENDING']) });
export type TRefundResponse = z.infer<typeof ZRefundResponse>;
export const ZVoidResponse = z.object({ status: z.literal('VOID') });

/**
 * A payment that came after its hold lapsed and found no unit, whose provider did not give the money
 * back (paid by link, on Telegram's sheet, or a refund refused): no coupon, money owed, until an
 * admin returns it and marks it (GET /api/admin/unsold-refunds, oldest first).
 */
export const ZUnsoldRefund = z.object({
  /** The refund's id, which «Отметить возврат» names. */
  id: z.string(),
  paymentId: z.string(),
  buyer: z.object({ id: z.number().int(), name: z.string() }),
  partner: z.object({ id: z.number().int(), companyName: z.string(), region: z.string() }),
  offerId: z.number().int(),
  discount: z.number().int(),
  amount: z.number().int(),
  provider: ZPaymentProviderName,
  /** Where the admin finds the payment: YooKassa's id (of a Telegram payment too); null when paid by link. */
  providerPaymentId: z.string().nullable(),
  /** When the money came and no unit was left. */
  at: z.string(),
});
export type TUnsoldRefund = z.infer<typeof ZUnsoldRefund>;
export const ZUnsoldRefundsResponse = z.array(ZUnsoldRefund);

/** POST /api/admin/unsold-refunds/{refundId}/settle: the money is back; asked again, the same. */
export const ZUnsoldRefundSettled = z.object({ status: z.literal('REFUNDED') });

/** The `error` codes of refunding and voiding. */
export const RefundErrorCode = {
  purchaseNotFound: 'purchase_not_found',
  alreadyUsed: 'already_used',
  alreadyVoid: 'already_void',
  notLinkProvider: 'not_link_provider',
  giftHeld: 'gift_held',
  refundFailed: 'refund_failed',
  unsoldRefundNotFound: 'unsold_refund_not_found',
} as const;

/**
 * The `error` codes of a buyer's own refund (`POST /api/me/coupons/{purchasedCouponId}/refund`,
 * answered with ZRefundResponse): each a 409 with its Russian reason, but `purchase_not_found` (404).
 */
export const BuyerRefundErrorCode = {
  giftReceived: 'refund_gift_received',
  givenAway: 'refund_given_away',
  used: 'refund_used',
  expired: 'refund_expired',
  refunded: 'refund_already_made',
  void: 'refund_void',
  windowOver: 'refund_window_over',
  /** 502: the provider did not make the refund; the coupon is valid again. */
  failed: 'refund_not_made',
} as const;
