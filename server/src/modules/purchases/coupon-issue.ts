import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { payments, purchasedCoupons } from '../../db/schema.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { recordAudit, subjectOf } from '../audit/audit-log.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { unitForPaid, type WaitlistPolicy } from '../offers/offers.api.ts';
import { runEffects } from '../purchased-coupons/coupon-effects.ts';
import { changeCoupon } from '../purchased-coupons/coupon-state.ts';
import { expiryAtPurchase } from '../purchased-coupons/expiry.ts';
import { newQrToken } from '../purchased-coupons/qr.ts';
import { issueEffects, providerRefundEffects } from './issue-effects.ts';
import type { PaymentRow } from './payment-start.ts';
import { createUnsoldRefund } from './unsold-refund.ts';

export interface IssuedCoupon {
  purchasedCouponId: string;
}

/** What issuing needs; the checkout is given it and more (checkout.service.ts). */
export type CouponIssueOptions = {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  notifications: NotificationService;
  /** Where an offer's days begin and end (REPORT_TIME_ZONE): a coupon's expiry is counted in it. */
  timeZone: string;
  /** A new coupon's QR image is drawn ahead of its first view (purchased-coupons/qr-images.ts). */
  drawQrSoon: (purchasedCouponId: string) => void;
  /** How a sold-out offer's line is served: a unit a refund gives back goes to it first. */
  waitlist: WaitlistPolicy;
};

/** A settled payment's coupon: issued exactly once when the money came, voided when it went back. */
export function createCouponIssue(options: CouponIssueOptions) {
  const { db, provider, log, notifications, timeZone, drawQrSoon, waitlist } = options;
  const refundUnsold = createUnsoldRefund({ db, provider, log, notifications });
  const issued = issueEffects(notifications);
  const refundedByProvider = providerRefundEffects(notifications, waitlist);

  /**
   * Issues the purchased coupon of a succeeded payment, exactly once: the unique payment_id makes
   * every later or concurrent attempt (confirms, webhooks, other processes) find the first one. Of a
   * limited offer, only with a unit (its hold, or a free one): else `sold_out`, its money sent back.
   */
  async function issue(payment: PaymentRow): Promise<IssuedCoupon | 'sold_out'> {
    const result = await db.transaction(async (tx) => {
      if (!(await unitForPaid(tx, payment))) return 'sold_out' as const;
      const [succeeded] = await tx
        .update(payments)
        .set({ status: 'SUCCEEDED', updatedAt: sql`now()` })
        .where(and(eq(payments.id, payment.id), sql`${payments.status} <> 'SUCCEEDED'`))
        .returning({ id: payments.id });
      if (succeeded) {
        await recordAudit(tx, {
          kind: 'payment.succeeded',
          actorId: null,
          subject: subjectOf.payment(payment.id),
          details: { amount: payment.amount, provider: payment.provider },
        });
      }
      const [inserted] = await tx
        .insert(purchasedCoupons)
        .values({
          couponId: payment.couponId,
          paymentId: payment.id,
          ownerId: payment.userId,
          qrToken: newQrToken(),
          verified: provider.verified,
          expiresAt: expiryAtPurchase(payment.couponId, timeZone),
        })
        .onConflictDoNothing({ target: purchasedCoupons.paymentId })
        .returning({ id: purchasedCoupons.id });
      if (inserted) {
        await runEffects(tx, issued, {
          purchasedCouponId: inserted.id,
          payment,
          verified: provider.verified,
        });
        return { purchasedCouponId: inserted.id, issuedNow: true };
      }
      const [existing] = await tx
        .select({ id: purchasedCoupons.id })
        .from(purchasedCoupons)
        .where(eq(purchasedCoupons.paymentId, payment.id));
      if (!existing) throw new Error(`payment ${payment.id}: conflict without a purchased coupon`);
      return { purchasedCouponId: existing.id, issuedNow: false };
    });
    if (result === 'sold_out') {
      await refundUnsold(payment);
      return result;
    }
    if (result.issuedNow) {
      drawQrSoon(result.purchasedCouponId);
      log.info(
        { paymentId: payment.id, purchasedCouponId: result.purchasedCouponId, amountRub: payment.amount },
        'payment settled; coupon issued',
      );
    }
    return { purchasedCouponId: result.purchasedCouponId };
  }

  /**
   * The money went back (a refund in the provider's dashboard, SPEC §9's offer): an unused coupon
   * becomes void; a used one stays used (the partner has given the discount), marked refunded so
   * that undoing its use can never make it valid again. A repeated notice changes nothing.
   */
  async function voidRefunded(payment: PaymentRow): Promise<void> {
    const coupon = await db.transaction(async (tx) => {
      const [changed] = await changeCoupon(
        tx,
        'refund',
        { kind: 'payment-provider' },
        { paymentId: payment.id },
      );
      if (!changed) return undefined;
      await runEffects(tx, refundedByProvider, {
        purchasedCouponId: changed.id,
        payment,
        ownerId: changed.ownerId,
        status: changed.status,
      });
      return changed;
    });
    if (!coupon) return;
    if (coupon.status === 'REFUNDED')
      log.info({ paymentId: payment.id }, 'payment refunded; its coupon is void');
    else log.warn({ paymentId: payment.id }, 'payment refunded after its coupon was used');
  }

  return { issue, voidRefunded };
}

export type CouponIssue = ReturnType<typeof createCouponIssue>;
