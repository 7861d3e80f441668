import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { RefundErrorCode, type TUnsoldRefund } from '#contract/back-office-purchases';
import type { Db } from '../../db/client.ts';
import { coupons, partners, payments, refunds, users } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { recordAudit, subjectOf } from '../audit/audit-log.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { displayName } from '../users/display-name.ts';
import type { AdminPurchaseRefusal } from './texts.ts';

/** The most the screen lists at once, oldest first: money owed without a coupon is rare (a drop's late payers). */
const QUEUE_LIMIT = 200;

/**
 * The admins' queue of money owed without a coupon: payments that came after their hold lapsed and
 * found no unit, whose provider did not give the money back (purchases/unsold-refund.ts writes them).
 * An admin returns the money outside the app and marks it here; the buyer is told by the bot.
 */
export function createUnsoldRefunds(options: { db: Db; notifications: NotificationService }) {
  const { db, notifications } = options;

  const owed = and(isNull(refunds.purchasedCouponId), eq(refunds.status, 'PENDING'));

  /** What is still owed, oldest first: whom, for what, how much, and where it was paid. */
  async function list(): Promise<TUnsoldRefund[]> {
    const rows = await db
      .select({
        id: refunds.id,
        paymentId: refunds.paymentId,
        amount: refunds.amount,
        provider: refunds.provider,
        providerPaymentId: payments.providerPaymentId,
        providerChargeId: payments.providerChargeId,
        at: refunds.createdAt,
        buyerId: users.id,
        buyerUsername: users.username,
        buyerFirstName: users.firstName,
        partnerId: partners.id,
        companyName: partners.companyName,
        region: partners.region,
        offerId: coupons.id,
        discount: coupons.discount,
      })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .innerJoin(users, eq(users.id, payments.userId))
      .innerJoin(coupons, eq(coupons.id, payments.couponId))
      .innerJoin(partners, eq(partners.id, coupons.partnerId))
      .where(owed)
      .orderBy(asc(refunds.createdAt), asc(refunds.id))
      .limit(QUEUE_LIMIT);
    return rows.map((row) => ({
      id: row.id,
      paymentId: row.paymentId,
      buyer: {
        id: row.buyerId,
        name: displayName({ username: row.buyerUsername, firstName: row.buyerFirstName }),
      },
      partner: { id: row.partnerId, companyName: row.companyName, region: row.region },
      offerId: row.offerId,
      discount: row.discount,
      amount: row.amount,
      provider: row.provider,
      providerPaymentId:
        row.provider === 'link'
          ? null
          : row.provider === 'telegram'
            ? row.providerChargeId
            : row.providerPaymentId,
      at: row.at.toISOString(),
    }));
  }

  /** The admin's «Отметить возврат»: the money went back outside the app. Once, however often pressed. */
  async function settle(adminId: number, refundId: string): Promise<{ status: 'REFUNDED' }> {
    await db.transaction(async (tx) => {
      const [settled] = await tx
        .update(refunds)
        .set({ status: 'SUCCEEDED', settledAt: sql`now()` })
        .where(and(eq(refunds.id, refundId), owed))
        .returning();
      if (!settled) {
        const [known] = await tx
          .select({ id: refunds.id })
          .from(refunds)
          .where(and(eq(refunds.id, refundId), isNull(refunds.purchasedCouponId)));
        if (!known) throw new DomainError<AdminPurchaseRefusal>(RefundErrorCode.unsoldRefundNotFound);
        return;
      }
      await recordAudit(tx, {
        kind: 'payment.refunded_outside',
        actorId: adminId,
        subject: subjectOf.payment(settled.paymentId),
        details: { refundId: settled.id, amount: settled.amount, provider: settled.provider },
      });
      const [paid] = await tx
        .select({
          buyerId: payments.userId,
          companyName: partners.companyName,
          region: partners.region,
          discount: coupons.discount,
        })
        .from(payments)
        .innerJoin(coupons, eq(coupons.id, payments.couponId))
        .innerJoin(partners, eq(partners.id, coupons.partnerId))
        .where(eq(payments.id, settled.paymentId));
      if (!paid) return;
      const { buyerId, ...coupon } = paid;
      await notifications.notify(
        'UNSOLD_REFUND_SETTLED',
        { refundId: settled.id, buyerId, coupon, amountRub: settled.amount },
        tx,
      );
    });
    return { status: 'REFUNDED' };
  }

  return { list, settle };
}

export type UnsoldRefunds = ReturnType<typeof createUnsoldRefunds>;
