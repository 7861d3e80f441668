import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { coupons, partners, payments, refunds } from '../../db/schema.ts';
import { type PaymentProvider, PaymentProviderError } from '../../payments/provider.ts';
import { recordAudit, subjectOf } from '../audit/audit-log.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import type { PaymentRow } from './payment-start.ts';
import { receiptFactsOfPayment } from './receipt-facts.ts';
import { purchaseTexts } from './texts.ts';

/**
 * A payment that succeeded after its hold lapsed, when no unit of its offer was free: never a coupon
 * over the quantity, never money kept without one. The provider gives the money back where it can,
 * under the payment's own id as the idempotence key, so a retry makes no second refund; the payment
 * stays PENDING while the provider cannot be reached, for the stale-payment sweep to try again.
 * Where it cannot — the `link` provider (paid past the app) and Telegram's sheet (Bot API has no
 * refund of a card payment), or a refund the provider refused for good — the money is owed in the
 * admins' queue (a `refunds` row without a coupon, admin-purchases/unsold-refunds.service.ts) until
 * an admin marks it returned.
 *
 * Telegram's `provider_payment_charge_id` is YooKassa's payment id, yet it is not refunded through
 * YooKassa's API: the telegram provider runs on BotFather's token alone, which YooKassa's API does
 * not take, and nothing could check that a shop id and key configured beside it are of the shop
 * behind that token before a refund of real money was sent to it. The id is kept for the admin, who
 * finds the payment by it in YooKassa's dashboard.
 */
export function createUnsoldRefund(options: {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  notifications: NotificationService;
}) {
  const { db, provider, log, notifications } = options;

  /** The provider's refund: 'refunded', 'owed' for the admins, or 'later' (not reached: the sweep asks again). */
  async function refundThroughProvider(payment: PaymentRow): Promise<'refunded' | 'owed' | 'later'> {
    if (!provider.refund || payment.provider !== provider.name || payment.providerPaymentId === null) {
      return 'owed';
    }
    try {
      const answer = await provider.refund({
        refundId: payment.id,
        providerPaymentId: payment.providerPaymentId,
        amountRub: payment.amount,
        description: `Возврат: купоны закончились (платеж ${payment.id})`,
        // With receipts on, YooKassa takes no refund without the receipt its payment had.
        receipt: await receiptFactsOfPayment(db, payment.id, payment.amount),
      });
      if (answer.status !== 'CANCELED') return 'refunded';
      // The same key gives back the same refusal: asking again changes nothing.
      log.error({ paymentId: payment.id }, 'the provider refused to refund a payment left without a unit');
      return 'owed';
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      log.error({ err: error, paymentId: payment.id }, 'a payment left without a unit not refunded yet');
      return error.retryable ? 'later' : 'owed';
    }
  }

  return async function refundUnsold(payment: PaymentRow): Promise<void> {
    const outcome = await refundThroughProvider(payment);
    if (outcome === 'later') return;
    const refunded = outcome === 'refunded';
    await db.transaction(async (tx) => {
      const [closed] = await tx
        .update(payments)
        .set({ status: 'CANCELED', updatedAt: sql`now()` })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'PENDING')))
        .returning({ id: payments.id });
      if (!closed) return;
      const [offer] = await tx
        .select({ companyName: partners.companyName, region: partners.region, discount: coupons.discount })
        .from(coupons)
        .innerJoin(partners, eq(partners.id, coupons.partnerId))
        .where(eq(coupons.id, payment.couponId));
      const coupon = offer ?? { companyName: '', discount: 0 };
      await recordAudit(tx, {
        kind: 'payment.refunded_sold_out',
        actorId: null,
        subject: subjectOf.payment(payment.id),
        details: { amount: payment.amount, provider: payment.provider, refunded },
      });
      if (!refunded) {
        await tx.insert(refunds).values({
          paymentId: payment.id,
          provider: payment.provider,
          amount: payment.amount,
          outside: true,
        });
        await notifications.notify(
          'UNSOLD_REFUND_ASKED',
          {
            paymentId: payment.id,
            buyerId: payment.userId,
            coupon,
            amountRub: payment.amount,
            provider: payment.provider,
          },
          tx,
        );
      }
      const facts = { companyName: coupon.companyName, amountRub: payment.amount };
      await notifications.notify(
        'SOLD_OUT_REFUNDED',
        {
          paymentId: payment.id,
          buyerId: payment.userId,
          text: refunded ? purchaseTexts.soldOutRefunded(facts) : purchaseTexts.soldOutOwed(facts),
        },
        tx,
      );
    });
    log.warn({ paymentId: payment.id, refunded }, 'a payment came after its hold lapsed and found no unit');
  };
}
