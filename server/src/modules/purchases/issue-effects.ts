import { recordAudit, subjectOf } from '../audit/audit-log.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import type { CouponEffect } from '../purchased-coupons/coupon-effects.ts';
import { couponLineOf } from '../purchased-coupons/purchased-coupons.query.ts';
import type { PaymentRow } from './payment-start.ts';

/** A coupon issued for a succeeded payment, once. */
export interface Issued {
  purchasedCouponId: string;
  payment: PaymentRow;
  /** Whether the provider confirmed the money itself: a buyer's word alone is told to the admins. */
  verified: boolean;
}

/**
 * What issuing a coupon sets going in its transaction: its audit row, the buyer's «покупка
 * подтверждена», and the admins told of a purchase on the buyer's word alone. Its QR image is drawn
 * once it has committed (coupon-issue.ts).
 */
export const issueEffects = (
  notifications: Pick<NotificationService, 'notify'>,
): readonly CouponEffect<Issued>[] => [
  (tx, { purchasedCouponId, payment }) =>
    recordAudit(tx, {
      kind: 'coupon.issued',
      actorId: null,
      subject: subjectOf.purchase(purchasedCouponId),
      details: { paymentId: payment.id, ownerId: payment.userId, offerId: payment.couponId },
    }),
  async (tx, { purchasedCouponId, payment, verified }) => {
    const coupon = await couponLineOf(tx, purchasedCouponId);
    if (!coupon) return;
    const purchase = { purchasedCouponId, buyerId: payment.userId, coupon };
    await notifications.notify('PURCHASE_CONFIRMED', purchase, tx);
    if (!verified)
      await notifications.notify('UNVERIFIED_PURCHASE', { ...purchase, amountRub: payment.amount }, tx);
  },
];
