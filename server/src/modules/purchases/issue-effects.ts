import { and, eq, sql } from 'drizzle-orm';
import { refunds } from '../../db/schema.ts';
import { recordAudit, subjectOf } from '../audit/audit-log.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { serveLineOf, type WaitlistPolicy } from '../offers/offers.api.ts';
import type { CouponEffect } from '../purchased-coupons/coupon-effects.ts';
import type { CouponStatus } from '../purchased-coupons/coupon-state.ts';
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

/** A payment whose money the provider returned (its dashboard, SPEC §9's offer). */
export interface RefundedByProvider {
  purchasedCouponId: string;
  payment: PaymentRow;
  ownerId: number;
  /** REFUNDED, or USED for a coupon whose discount the partner had given already. */
  status: CouponStatus;
}

/**
 * What the provider's refund sets going: an admin's refund waiting for its word settled, the audit
 * row, the holder and the payer told of a coupon that will not work now (one already used is not
 * news to them), and the unit it held to the offer's line before this commits (ADR 0023).
 */
export const providerRefundEffects = (
  notifications: Pick<NotificationService, 'notify'>,
  waitlist: WaitlistPolicy,
): readonly CouponEffect<RefundedByProvider>[] => [
  (tx, { payment }) =>
    tx
      .update(refunds)
      .set({ status: 'SUCCEEDED', settledAt: sql`now()` })
      .where(and(eq(refunds.paymentId, payment.id), eq(refunds.status, 'PENDING'))),
  (tx, { purchasedCouponId, payment, status }) =>
    recordAudit(tx, {
      kind: 'coupon.refunded',
      actorId: null,
      subject: subjectOf.purchase(purchasedCouponId),
      details: { amount: payment.amount, used: status === 'USED' },
    }),
  async (tx, { purchasedCouponId, payment, ownerId, status }) => {
    if (status !== 'REFUNDED') return;
    const coupon = await couponLineOf(tx, purchasedCouponId);
    if (!coupon) return;
    await notifications.notify(
      'COUPON_REFUNDED',
      { purchasedCouponId, ownerId, payerId: payment.userId, coupon, amountRub: payment.amount },
      tx,
    );
  },
  (tx, { payment }) => serveLineOf(tx, payment.couponId, waitlist),
];
