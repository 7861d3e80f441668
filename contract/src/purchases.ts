import { z } from 'zod';
import { PURCHASED_COUPON_STATUSES } from './coupon-statuses.ts';

/**
 * POST /api/payments/{couponId}: the provider's page to open with openLink, or, with the `telegram`
 * provider, Telegram's invoice to open with openInvoice.
 */
export const ZStartPaymentResponse = z.union([
  z.object({ paymentId: z.string(), paymentUrl: z.string() }),
  z.object({ paymentId: z.string(), invoiceUrl: z.string() }),
]);
export type TStartPaymentResponse = z.infer<typeof ZStartPaymentResponse>;

/** POST /api/coupons/buy/{couponId}/{username}: the payment check's «Да». */
/** The body may be absent: the spec's call names only the coupon and the buyer. */
export const ZConfirmPurchaseRequest = z.object({ paymentId: z.uuid().optional() }).nullish();
export const ZConfirmPurchaseResponse = z.object({ purchasedCouponId: z.string() });
export type TConfirmPurchaseResponse = z.infer<typeof ZConfirmPurchaseResponse>;

/** A coupon as its holder and a scanning partner see it; EXPIRED is an unused one past its last day. */
export const ZPurchasedCouponStatus = z.enum(PURCHASED_COUPON_STATUSES);
export type TPurchasedCouponStatus = z.infer<typeof ZPurchasedCouponStatus>;

/**
 * SPEC §3 QR coupon, plus its status so a used coupon is not shown as valid. Its QR image is not
 * inline (SPEC's `base64`) but at `qrImageUrl`, an address a browser keeps for good (a gift's new QR
 * is a new address): a poll that finds the list changed does not carry every image again.
 */
export const ZMyCoupon = z.object({
  id: z.string(),
  qrImageUrl: z.string(),
  companyName: z.string(),
  discount: z.number().int(),
  region: z.string(),
  status: ZPurchasedCouponStatus,
  /** The last day it may be used, `YYYY-MM-DD` (Europe/Moscow); null when it never expires. */
  expiresAt: z.string().nullable(),
  /**
   * What «Вернуть деньги» gives back, in roubles: offered for an unused, unexpired coupon its holder
   * paid for (not one received as a gift) within SELF_REFUND_DAYS of buying it; null when not offered
   * (and in a list a device saved before the field existed).
   */
  refundAmount: z.number().int().nullable().default(null),
});
export type TMyCoupon = z.infer<typeof ZMyCoupon>;
export const ZMyCouponsResponse = z.array(ZMyCoupon);

/** The `error` codes of buying. */
export const PurchaseErrorCode = {
  noUsername: 'no_username',
  notPaid: 'not_paid',
  providerUnavailable: 'provider_unavailable',
  amountMismatch: 'amount_mismatch',
  noPaymentLink: 'no_payment_link',
  /** Every unit of a limited offer is sold or held for a payment under way. */
  soldOut: 'sold_out',
  perBuyerReached: 'per_buyer_reached',
  saleNotStarted: 'sale_not_started',
} as const;
