import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TMyCoupon } from '#contract/purchases';
import type { Db } from '../../db/client.ts';
import { coupons, partners, payments, purchasedCoupons } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type PaymentProvider, PaymentProviderError } from '../../payments/provider.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import {
  couponLineOf,
  isInForce,
  selectPurchasedCoupons,
  telegramNameOf,
} from './purchased-coupons.query.ts';
import { couponQrText, newQrToken, renderQrPng } from './qr.ts';

type PaymentRow = typeof payments.$inferSelect;

export interface IssuedCoupon {
  purchasedCouponId: string;
}

const notPaid = () => new AppError(402, 'not_paid', 'Оплата не прошла. Попробуйте снова провести оплату.');

export function createPurchaseService(options: {
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
    if (!offer) throw notFound('Этот купон не продается');

    const [payment] = await db
      .insert(payments)
      .values({ couponId, userId, provider: provider.name, amount: offer.price })
      .returning({ id: payments.id });
    if (!payment) throw new Error('insert returned no row');

    try {
      const created = await provider.createPayment({
        paymentId: payment.id,
        amountRub: offer.price,
        description: `Купон «${offer.companyName}»: скидка ${offer.discount} руб`,
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
        throw new AppError(502, 'provider_unavailable', 'Платежный сервис не отвечает. Попробуйте позже.');
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
   * becomes void in one conditional update. A used one stays used: the partner has given the discount.
   */
  async function voidRefunded(payment: PaymentRow): Promise<void> {
    const voided = await db
      .update(purchasedCoupons)
      .set({ status: 'REFUNDED' })
      .where(and(eq(purchasedCoupons.paymentId, payment.id), eq(purchasedCoupons.status, 'NOT_USED')))
      .returning({ id: purchasedCoupons.id });
    if (voided.length > 0) log.info({ paymentId: payment.id }, 'payment refunded; its coupon is void');
    else log.warn({ paymentId: payment.id }, 'payment refunded; no unused coupon to void');
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
      throw new AppError(
        502,
        'provider_unavailable',
        'Платежный сервис не отвечает. Попробуйте через минуту.',
      );
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
      throw new AppError(
        409,
        'amount_mismatch',
        'Сумма оплаты не совпадает с ценой купона. Напишите администратору.',
      );
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
    if (!payment) throw notPaid();
    const issued = await settle(payment);
    if (!issued) throw notPaid();
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

  /** A tag of what My QR shows; an unchanged list answers 304 without touching images. */
  async function ownCouponsTag(ownerId: number): Promise<string> {
    const rows = await db
      .select({ id: purchasedCoupons.id, token: purchasedCoupons.qrToken, status: purchasedCoupons.status })
      .from(purchasedCoupons)
      .where(eq(purchasedCoupons.ownerId, ownerId))
      .orderBy(desc(purchasedCoupons.purchasedAt), desc(purchasedCoupons.id));
    const hash = createHash('sha256');
    for (const row of rows) hash.update(`${row.id}:${row.token}:${row.status};`);
    return `W/"${hash.digest('base64url').slice(0, 27)}"`;
  }

  async function listOwnCoupons(ownerId: number): Promise<TMyCoupon[]> {
    const rows = await selectPurchasedCoupons(db)
      .where(eq(purchasedCoupons.ownerId, ownerId))
      .orderBy(desc(purchasedCoupons.purchasedAt), desc(purchasedCoupons.id));

    return Promise.all(
      rows.filter(isInForce).map(async (row) => {
        let png = row.qrPng;
        if (!png) {
          // Rendered once per token and kept: a gift's new token clears it.
          png = await renderQrPng(
            couponQrText({
              token: row.qrToken,
              purchasedAt: row.purchasedAt,
              partner: row.companyName,
              region: row.region,
              discount: row.discount,
              address: row.address,
              telegramName: telegramNameOf(row),
            }),
          );
          await db
            .update(purchasedCoupons)
            .set({ qrPng: png })
            .where(and(eq(purchasedCoupons.id, row.id), eq(purchasedCoupons.qrToken, row.qrToken)));
        }
        return {
          id: row.id,
          base64: png.toString('base64'),
          companyName: row.companyName,
          discount: row.discount,
          region: row.region,
          status: row.status,
        };
      }),
    );
  }

  return {
    startPayment,
    confirmPurchase,
    settleByProviderId,
    settleSandbox,
    getSandboxPayment,
    ownCouponsTag,
    listOwnCoupons,
  };
}

export type PurchaseService = ReturnType<typeof createPurchaseService>;
