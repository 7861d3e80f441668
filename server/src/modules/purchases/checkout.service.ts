import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PurchaseErrorCode } from '#contract/purchases';
import type { Db } from '../../db/client.ts';
import { coupons, partners, payments, purchasedCoupons } from '../../db/schema.ts';
import { DomainError } from '../../http/errors.ts';
import { type PaymentProvider, PaymentProviderError } from '../../payments/provider.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { changeCoupon } from '../purchased-coupons/coupon-state.ts';
import { couponLineOf } from '../purchased-coupons/purchased-coupons.query.ts';
import { newQrToken } from '../purchased-coupons/qr.ts';
import { type PurchaseRefusal, purchaseTexts } from './texts.ts';

type PaymentRow = typeof payments.$inferSelect;

export interface IssuedCoupon {
  purchasedCouponId: string;
}

const refuse = (code: PurchaseRefusal) => new DomainError<PurchaseRefusal>(code);

/** Buying: a payment started at the provider, settled, and its coupon issued once (or voided on a refund). */
export function createCheckoutService(options: {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  notifications: Pick<NotificationService, 'notifyPurchaseConfirmed' | 'notifyUnverifiedPurchase'>;
}) {
  const { db, provider, log, notifications } = options;

  async function startPayment(userId: number, couponId: number) {
    const [offer] = await db
      .select({
        price: coupons.price,
        discount: coupons.discount,
        paymentLink: coupons.paymentLink,
        companyName: partners.companyName,
      })
      .from(coupons)
      .innerJoin(partners, eq(partners.id, coupons.partnerId))
      .where(and(eq(coupons.id, couponId), eq(coupons.status, 'ACCEPTED')));
    if (!offer) throw refuse('offer_not_on_sale');

    const [payment] = await db
      .insert(payments)
      .values({ couponId, userId, provider: provider.name, amount: offer.price })
      .returning({ id: payments.id });
    if (!payment) throw new Error('insert returned no row');

    try {
      const created = await provider.createPayment({
        paymentId: payment.id,
        amountRub: offer.price,
        description: purchaseTexts.paymentDescription(offer),
        couponPaymentLink: offer.paymentLink,
        metadata: { paymentId: payment.id, couponId: String(couponId), userId: String(userId) },
      });
      await db
        .update(payments)
        .set({
          providerPaymentId: created.providerPaymentId,
          confirmationUrl: created.confirmationUrl,
          updatedAt: sql`now()`,
        })
        .where(eq(payments.id, payment.id));
      return { paymentId: payment.id, paymentUrl: created.confirmationUrl };
    } catch (error) {
      await db
        .update(payments)
        .set({ status: 'CANCELED', updatedAt: sql`now()` })
        .where(eq(payments.id, payment.id));
      if (error instanceof PaymentProviderError) {
        log.error({ err: error, paymentId: payment.id }, 'payment provider refused to create a payment');
        throw refuse(PurchaseErrorCode.providerUnavailable);
      }
      throw error;
    }
  }

  /**
   * Issues the purchased coupon of a succeeded payment, exactly once: the unique payment_id makes
   * every later or concurrent attempt (confirms, webhooks, other processes) find the first one.
   */
  async function issue(payment: PaymentRow): Promise<IssuedCoupon> {
    const result = await db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({ status: 'SUCCEEDED', updatedAt: sql`now()` })
        .where(and(eq(payments.id, payment.id), sql`${payments.status} <> 'SUCCEEDED'`));
      const [inserted] = await tx
        .insert(purchasedCoupons)
        .values({
          couponId: payment.couponId,
          paymentId: payment.id,
          ownerId: payment.userId,
          qrToken: newQrToken(),
          verified: provider.verified,
        })
        .onConflictDoNothing({ target: purchasedCoupons.paymentId })
        .returning({ id: purchasedCoupons.id });
      if (inserted) {
        const coupon = await couponLineOf(tx, inserted.id);
        if (coupon) {
          const purchase = { purchasedCouponId: inserted.id, buyerId: payment.userId, coupon };
          await notifications.notifyPurchaseConfirmed(purchase, tx);
          if (!provider.verified) {
            await notifications.notifyUnverifiedPurchase({ ...purchase, amountRub: payment.amount }, tx);
          }
        }
        return { purchasedCouponId: inserted.id };
      }
      const [existing] = await tx
        .select({ id: purchasedCoupons.id })
        .from(purchasedCoupons)
        .where(eq(purchasedCoupons.paymentId, payment.id));
      if (!existing) throw new Error(`payment ${payment.id}: conflict without a purchased coupon`);
      return { purchasedCouponId: existing.id };
    });
    return result;
  }

  /**
   * The money went back (a refund in the provider's dashboard, SPEC §9's offer): an unused coupon
   * becomes void; a used one stays used (the partner has given the discount), marked refunded so
   * that undoing its use can never make it valid again. A repeated notice changes nothing.
   */
  async function voidRefunded(payment: PaymentRow): Promise<void> {
    const [coupon] = await changeCoupon(
      db,
      'refund',
      { kind: 'payment-provider' },
      { paymentId: payment.id },
    );
    if (!coupon) return;
    if (coupon.status === 'REFUNDED')
      log.info({ paymentId: payment.id }, 'payment refunded; its coupon is void');
    else log.warn({ paymentId: payment.id }, 'payment refunded after its coupon was used');
  }

  /** Asks the provider how the payment stands and issues the coupon once it has succeeded. */
  async function settle(payment: PaymentRow): Promise<IssuedCoupon | undefined> {
    if (payment.status === 'CANCELED') return undefined;
    if (payment.provider !== provider.name) {
      // Made through a provider this server no longer runs: only that provider could say it was paid.
      log.warn(
        { paymentId: payment.id, provider: payment.provider },
        'payment of another provider; not settled',
      );
      return undefined;
    }
    let state: Awaited<ReturnType<PaymentProvider['getPayment']>>;
    try {
      state = await provider.getPayment(payment.providerPaymentId ?? payment.id, {
        status: payment.status,
        amountRub: payment.amount,
      });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      log.error({ err: error, paymentId: payment.id }, 'payment provider did not answer the status');
      throw refuse('payment_status_unavailable');
    }
    if (state.status === 'CANCELED') {
      await db
        .update(payments)
        .set({ status: 'CANCELED', updatedAt: sql`now()` })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'PENDING')));
      return undefined;
    }
    if (state.status !== 'SUCCEEDED') return undefined;
    if (state.refunded) {
      await voidRefunded(payment);
      return undefined;
    }
    if (state.amountRub !== undefined && state.amountRub !== payment.amount) {
      log.error(
        { paymentId: payment.id, expected: payment.amount, paid: state.amountRub },
        'paid amount differs from the coupon price; nothing issued',
      );
      throw refuse(PurchaseErrorCode.amountMismatch);
    }
    return issue(payment);
  }

  /** The payment check's «Да»: the caller's given payment, or their latest for this coupon. */
  async function confirmPurchase(userId: number, couponId: number, paymentId?: string) {
    const conditions = [eq(payments.userId, userId), eq(payments.couponId, couponId)];
    if (paymentId) conditions.push(eq(payments.id, paymentId));
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(...conditions))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (!payment) throw refuse(PurchaseErrorCode.notPaid);
    const issued = await settle(payment);
    if (!issued) throw refuse(PurchaseErrorCode.notPaid);
    return { purchasedCouponId: issued.purchasedCouponId };
  }

  /** A provider's notification: only an id to look up, never a status to believe. */
  async function settleByProviderId(providerPaymentId: string): Promise<IssuedCoupon | undefined> {
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider.name), eq(payments.providerPaymentId, providerPaymentId)));
    if (!payment) return undefined;
    return settle(payment);
  }

  /** The sandbox checkout's «Оплатить» / «Отменить». */
  async function settleSandbox(paymentId: string, outcome: 'SUCCEEDED' | 'CANCELED') {
    const [payment] = await db
      .update(payments)
      .set({ status: outcome, updatedAt: sql`now()` })
      .where(
        and(eq(payments.id, paymentId), eq(payments.provider, 'sandbox'), eq(payments.status, 'PENDING')),
      )
      .returning();
    if (payment?.status === 'SUCCEEDED') await issue(payment);
    return payment !== undefined;
  }

  async function getSandboxPayment(paymentId: string) {
    const [row] = await db
      .select({
        id: payments.id,
        status: payments.status,
        amount: payments.amount,
        companyName: partners.companyName,
        discount: coupons.discount,
      })
      .from(payments)
      .innerJoin(coupons, eq(coupons.id, payments.couponId))
      .innerJoin(partners, eq(partners.id, coupons.partnerId))
      .where(and(eq(payments.id, paymentId), eq(payments.provider, 'sandbox')));
    return row;
  }

  return {
    startPayment,
    confirmPurchase,
    settleByProviderId,
    settleSandbox,
    getSandboxPayment,
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
