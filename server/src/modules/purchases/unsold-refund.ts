import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { coupons, partners, payments } from '../../db/schema.ts';
import { type PaymentProvider, PaymentProviderError } from '../../payments/provider.ts';
import { recordAudit, subjectOf } from '../audit/audit-log.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import type { PaymentRow } from './payment-start.ts';
import { receiptFactsOfPayment } from './receipt-facts.ts';
import { purchaseTexts } from './texts.ts';

/**
 * A payment that succeeded after its hold lapsed, when no unit of its offer was free: never a coupon
 * over the quantity, never money kept without one. The money goes back under the payment's own id
 * as the idempotence key, so a retry makes no second refund; the payment stays PENDING until the
 * provider takes the refund, for the stale-payment sweep to try again.
 */
export function createUnsoldRefund(options: {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  notifications: Pick<NotificationService, 'notifySoldOutRefunded'>;
}) {
  const { db, provider, log, notifications } = options;

  return async function refundUnsold(payment: PaymentRow): Promise<void> {
    const [offer] = await db
      .select({ companyName: partners.companyName })
      .from(coupons)
      .innerJoin(partners, eq(partners.id, coupons.partnerId))
      .where(eq(coupons.id, payment.couponId));
    const facts = { companyName: offer?.companyName ?? '', amountRub: payment.amount };
    let refunded = false;
    if (provider.refund && payment.providerPaymentId !== null) {
      try {
        const answer = await provider.refund({
          refundId: payment.id,
          providerPaymentId: payment.providerPaymentId,
          amountRub: payment.amount,
          description: `Возврат: купоны закончились (платеж ${payment.id})`,
          // With receipts on, YooKassa takes no refund without the receipt its payment had.
          receipt: await receiptFactsOfPayment(db, payment.id, payment.amount),
        });
        if (answer.status === 'CANCELED') {
          log.error(
            { paymentId: payment.id },
            'the provider refused to refund a payment left without a unit',
          );
          return;
        }
        refunded = true;
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        log.error({ err: error, paymentId: payment.id }, 'a payment left without a unit not refunded yet');
        return;
      }
    }
    await db.transaction(async (tx) => {
      const [closed] = await tx
        .update(payments)
        .set({ status: 'CANCELED', updatedAt: sql`now()` })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'PENDING')))
        .returning({ id: payments.id });
      if (!closed) return;
      await recordAudit(tx, {
        kind: 'payment.refunded_sold_out',
        actorId: null,
        subject: subjectOf.payment(payment.id),
        details: { amount: payment.amount, provider: payment.provider, refunded },
      });
      await notifications.notifySoldOutRefunded(
        {
          paymentId: payment.id,
          buyerId: payment.userId,
          text: refunded ? purchaseTexts.soldOutRefunded(facts) : purchaseTexts.soldOutNoRefund(facts),
        },
        tx,
      );
    });
    log.warn({ paymentId: payment.id, refunded }, 'a payment came after its hold lapsed and found no unit');
  };
}
