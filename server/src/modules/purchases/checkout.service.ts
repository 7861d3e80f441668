import { and, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PurchaseErrorCode } from '#contract/purchases';
import type { Db } from '../../db/client.ts';
import { coupons, partners, payments, purchasedCoupons, refunds, users } from '../../db/schema.ts';
import { DomainError } from '../../http/errors.ts';
import { type PaymentProvider, PaymentProviderError } from '../../payments/provider.ts';
import { toKopecks } from '../../payments/telegram-provider.ts';
import { recordAudit, subjectOf } from '../audit/audit-log.ts';
import { offerOnSale } from '../catalogue/on-sale.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import type { PrivacyService } from '../privacy/privacy.service.ts';
import { changeCoupon } from '../purchased-coupons/coupon-state.ts';
import { expiryAtPurchase } from '../purchased-coupons/expiry.ts';
import { couponLineOf } from '../purchased-coupons/purchased-coupons.query.ts';
import { newQrToken } from '../purchased-coupons/qr.ts';
import { type PurchaseRefusal, purchaseTexts } from './texts.ts';

type PaymentRow = typeof payments.$inferSelect;

export interface IssuedCoupon {
  purchasedCouponId: string;
}

const refuse = (code: PurchaseRefusal) => new DomainError<PurchaseRefusal>(code);

/** A notice about a payment asked about this recently is not asked about again. */
const RECHECK_AFTER = sql`interval '10 seconds'`;
/** A pending payment this old that nobody settled is asked about by the sweep… */
const STALE_AFTER = sql`interval '10 minutes'`;
/** …until it is this old: a provider forgets idempotence keys after a day, and pages expire sooner. */
const GIVE_UP_AFTER = sql`interval '2 days'`;
const STALE_BATCH = 50;

/** Buying: a payment started at the provider, settled, and its coupon issued once (or voided on a refund). */
export function createCheckoutService(options: {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  notifications: Pick<
    NotificationService,
    'notifyPurchaseConfirmed' | 'notifyUnverifiedPurchase' | 'notifyCouponWithdrawn'
  >;
  /** Where an offer's days begin and end (REPORT_TIME_ZONE): a coupon's expiry is counted in it. */
  timeZone: string;
  /** Consent and the receipt's e-mail, checked before a payment starts. */
  privacy: Pick<PrivacyService, 'requireReadyToPay'>;
  /** Fiscal receipts are on (YOOKASSA_RECEIPTS): every payment carries the buyer's e-mail. */
  receipts: boolean;
  /** A new coupon's QR image is drawn ahead of its first view (purchased-coupons/qr-images.ts). */
  drawQrSoon: (purchasedCouponId: string) => void;
}) {
  const { db, provider, log, notifications, timeZone, privacy, receipts, drawQrSoon } = options;

  const offerOf = (couponId: number, options: { onSaleOnly?: boolean } = {}) =>
    db
      .select({
        price: coupons.price,
        discount: coupons.discount,
        paymentLink: coupons.paymentLink,
        companyName: partners.companyName,
        phone: partners.phone,
        inn: partners.inn,
      })
      .from(coupons)
      .innerJoin(partners, eq(partners.id, coupons.partnerId))
      .where(and(eq(coupons.id, couponId), options.onSaleOnly ? offerOnSale(timeZone) : undefined));

  /** What the provider is asked to make: the same for a start and for its retry after a restart. */
  const paymentInput = (
    paymentId: string,
    couponId: number,
    userId: number,
    offer: {
      price: number;
      discount: number;
      paymentLink: string | null;
      companyName: string;
      phone: string;
      inn: string | null;
    },
    email: string | null,
  ) => ({
    paymentId,
    amountRub: offer.price,
    description: purchaseTexts.paymentDescription(offer),
    couponPaymentLink: offer.paymentLink,
    metadata: { paymentId, couponId: String(couponId), userId: String(userId) },
    ...(email
      ? {
          receipt: {
            email,
            companyName: offer.companyName,
            discount: offer.discount,
            amountRub: offer.price,
            supplier: { name: offer.companyName, phone: offer.phone, inn: offer.inn },
          },
        }
      : {}),
  });

  async function startPayment(userId: number, couponId: number, given: { email?: string } = {}) {
    const [offer] = await offerOf(couponId, { onSaleOnly: true });
    if (!offer) throw refuse('offer_not_on_sale');
    const { email } = await privacy.requireReadyToPay(userId, { email: given.email, receipts });

    const payment = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(payments)
        .values({ couponId, userId, provider: provider.name, amount: offer.price })
        .returning({ id: payments.id });
      if (!row) throw new Error('insert returned no row');
      await recordAudit(tx, {
        kind: 'payment.started',
        actorId: userId,
        subject: subjectOf.payment(row.id),
        details: { offerId: couponId, amount: offer.price, provider: provider.name },
      });
      return row;
    });

    try {
      const created = await provider.createPayment(
        paymentInput(payment.id, couponId, userId, offer, receipts ? email : null),
      );
      await db
        .update(payments)
        .set({
          providerPaymentId: created.providerPaymentId,
          confirmationUrl: created.confirmationUrl,
          updatedAt: sql`now()`,
        })
        .where(eq(payments.id, payment.id));
      // Telegram's sheet opens with openInvoice, any other provider's page with openLink.
      return provider.name === 'telegram'
        ? { paymentId: payment.id, invoiceUrl: created.confirmationUrl }
        : { paymentId: payment.id, paymentUrl: created.confirmationUrl };
    } catch (error) {
      await cancelPending(payment.id);
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
        await recordAudit(tx, {
          kind: 'coupon.issued',
          actorId: null,
          subject: subjectOf.purchase(inserted.id),
          details: { paymentId: payment.id, ownerId: payment.userId, offerId: payment.couponId },
        });
        const coupon = await couponLineOf(tx, inserted.id);
        if (coupon) {
          const purchase = { purchasedCouponId: inserted.id, buyerId: payment.userId, coupon };
          await notifications.notifyPurchaseConfirmed(purchase, tx);
          if (!provider.verified) {
            await notifications.notifyUnverifiedPurchase({ ...purchase, amountRub: payment.amount }, tx);
          }
        }
        return { purchasedCouponId: inserted.id, issuedNow: true };
      }
      const [existing] = await tx
        .select({ id: purchasedCoupons.id })
        .from(purchasedCoupons)
        .where(eq(purchasedCoupons.paymentId, payment.id));
      if (!existing) throw new Error(`payment ${payment.id}: conflict without a purchased coupon`);
      return { purchasedCouponId: existing.id, issuedNow: false };
    });
    if (result.issuedNow) drawQrSoon(result.purchasedCouponId);
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
      // An admin's refund waiting for the provider's word is settled by this very word.
      await tx
        .update(refunds)
        .set({ status: 'SUCCEEDED', settledAt: sql`now()` })
        .where(and(eq(refunds.paymentId, payment.id), eq(refunds.status, 'PENDING')));
      await recordAudit(tx, {
        kind: 'coupon.refunded',
        actorId: null,
        subject: subjectOf.purchase(changed.id),
        details: { amount: payment.amount, used: changed.status === 'USED' },
      });
      const coupon = await couponLineOf(tx, changed.id);
      if (coupon && changed.status === 'REFUNDED') {
        await notifications.notifyCouponWithdrawn(
          {
            purchasedCouponId: changed.id,
            ownerId: changed.ownerId,
            coupon,
            outcome: { status: 'REFUNDED', amountRub: payment.amount },
          },
          tx,
        );
      }
      return changed;
    });
    if (!coupon) return;
    if (coupon.status === 'REFUNDED')
      log.info({ paymentId: payment.id }, 'payment refunded; its coupon is void');
    else log.warn({ paymentId: payment.id }, 'payment refunded after its coupon was used');
  }

  /**
   * Marks the payment as asked about now; false when it was asked about in the last seconds (by
   * any process), so a repeated or replayed notice costs no call to the provider.
   */
  async function claimCheck(paymentId: string): Promise<boolean> {
    const [claimed] = await db
      .update(payments)
      .set({ checkedAt: sql`now()` })
      .where(
        and(
          eq(payments.id, paymentId),
          or(isNull(payments.checkedAt), lte(payments.checkedAt, sql`now() - ${RECHECK_AFTER}`)),
        ),
      )
      .returning({ id: payments.id });
    return claimed !== undefined;
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
    if (payment.providerPaymentId === null) {
      // Its start has not come back from the provider yet: there is nothing to ask about.
      throw refuse('payment_being_created');
    }
    let state: Awaited<ReturnType<PaymentProvider['getPayment']>>;
    try {
      state = await provider.getPayment(payment.providerPaymentId, {
        status: payment.status,
        amountRub: payment.amount,
      });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      log.error({ err: error, paymentId: payment.id }, 'payment provider did not answer the status');
      throw refuse('payment_status_unavailable');
    }
    if (state.testInLiveShop) {
      log.warn({ paymentId: payment.id }, 'a test payment in a live shop; nothing issued');
      await cancelPending(payment.id);
      throw refuse('test_payment_ignored');
    }
    if (state.status === 'CANCELED') {
      await cancelPending(payment.id);
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

  const cancelPending = (paymentId: string) =>
    db.transaction(async (tx) => {
      const [canceled] = await tx
        .update(payments)
        .set({ status: 'CANCELED', updatedAt: sql`now()` })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'PENDING')))
        .returning({ id: payments.id });
      if (canceled) {
        await recordAudit(tx, {
          kind: 'payment.canceled',
          actorId: null,
          subject: subjectOf.payment(paymentId),
        });
      }
    });

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

  /**
   * A provider's notification: only an id to look up, never a status to believe. A payment already
   * settled is not asked about again (a refund, unless its coupon already carries it), so a replayed
   * notice costs one database read. One that comes within seconds of the last question about its
   * payment is refused, for the provider to send it again later (YooKassa does, for 24 hours).
   */
  async function settleByProviderId(
    providerPaymentId: string,
    event: string,
  ): Promise<IssuedCoupon | undefined> {
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider.name), eq(payments.providerPaymentId, providerPaymentId)));
    if (!payment) return undefined;
    const aboutRefund = event.startsWith('refund.');
    if (aboutRefund) {
      if (payment.status !== 'SUCCEEDED' || (await refundRecorded(payment.id))) return undefined;
    } else if (payment.status !== 'PENDING') {
      return undefined;
    }
    if (!(await claimCheck(payment.id))) throw refuse('notification_too_soon');
    return settle(payment);
  }

  async function refundRecorded(paymentId: string): Promise<boolean> {
    const [coupon] = await db
      .select({ refundedAt: purchasedCoupons.refundedAt })
      .from(purchasedCoupons)
      .where(eq(purchasedCoupons.paymentId, paymentId));
    return coupon?.refundedAt != null;
  }

  /**
   * Payments nobody settled: their buyer never came back and their notice was lost, or a restart cut
   * their start. Asked about again; a start cut before the provider's answer is sent again with the
   * same idempotence key, which gives back the payment the provider made (or makes it now, with a
   * page nobody has, which the provider cancels by itself). Only verified providers: the `link`
   * provider would take every stale payment as paid on nobody's word.
   */
  async function settleStalePayments(): Promise<{ asked: number; issued: number }> {
    if (!provider.verified) return { asked: 0, issued: 0 };
    const stale = await db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.provider, provider.name),
          eq(payments.status, 'PENDING'),
          lte(payments.createdAt, sql`now() - ${STALE_AFTER}`),
          gte(payments.createdAt, sql`now() - ${GIVE_UP_AFTER}`),
          or(isNull(payments.checkedAt), lte(payments.checkedAt, sql`now() - ${STALE_AFTER}`)),
        ),
      )
      .orderBy(payments.createdAt)
      .limit(STALE_BATCH);
    let issued = 0;
    for (const payment of stale) {
      try {
        if (!(await claimCheck(payment.id))) continue;
        const tracked = payment.providerPaymentId === null ? await recoverStart(payment) : payment;
        if (tracked && (await settle(tracked))) issued += 1;
      } catch (error) {
        log.warn({ err: error, paymentId: payment.id }, 'stale payment not settled; asked again later');
      }
    }
    return { asked: stale.length, issued };
  }

  /** A start cut before the provider answered: the same request again, under the same key. */
  async function recoverStart(payment: PaymentRow): Promise<PaymentRow | undefined> {
    const [offer] = await offerOf(payment.couponId);
    if (!offer) return undefined;
    const [buyer] = await db.select({ email: users.email }).from(users).where(eq(users.id, payment.userId));
    const created = await provider.createPayment(
      paymentInput(
        payment.id,
        payment.couponId,
        payment.userId,
        offer,
        receipts ? (buyer?.email ?? null) : null,
      ),
    );
    const [tracked] = await db
      .update(payments)
      .set({
        providerPaymentId: created.providerPaymentId,
        confirmationUrl: created.confirmationUrl,
        updatedAt: sql`now()`,
      })
      .where(and(eq(payments.id, payment.id), isNull(payments.providerPaymentId)))
      .returning();
    log.info({ paymentId: payment.id }, 'a payment start cut short is tracked again');
    return tracked;
  }

  /** Our payment an invoice's payload names, if it is a pending `telegram` one of this buyer. */
  async function invoicePayment(payload: string, buyerId: number) {
    if (!/^[0-9a-f-]{36}$/.test(payload)) return undefined;
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.id, payload), eq(payments.provider, 'telegram'), eq(payments.userId, buyerId)));
    return payment;
  }

  /**
   * Telegram's pre_checkout_query, answered within its 10 seconds: still on sale, still this price,
   * the buyer still in the chat. Undefined means «ok»; a text is the Russian reason shown on the sheet.
   */
  async function checkInvoice(query: {
    payload: string;
    buyerId: number;
    currency: string;
    totalKopecks: number;
    isChatMember: (userId: number) => Promise<boolean>;
  }): Promise<string | undefined> {
    const payment = await invoicePayment(query.payload, query.buyerId);
    if (payment?.status !== 'PENDING') return purchaseTexts.invoiceStale;
    const [offer] = await offerOf(payment.couponId, { onSaleOnly: true });
    if (!offer) return purchaseTexts.invoiceOfferGone;
    if (query.currency !== 'RUB' || query.totalKopecks !== toKopecks(payment.amount))
      return purchaseTexts.invoiceStale;
    if (!(await query.isChatMember(query.buyerId))) return purchaseTexts.invoiceNotMember;
    return undefined;
  }

  /**
   * Telegram's successful_payment: the money is taken, so the coupon is issued, once however often
   * the update comes — the charge id is unique, and issue() inserts by the unique payment id.
   */
  async function settleTelegramPayment(paid: {
    payload: string;
    buyerId: number;
    currency: string;
    totalKopecks: number;
    chargeId: string;
  }): Promise<IssuedCoupon | undefined> {
    const payment = await invoicePayment(paid.payload, paid.buyerId);
    if (!payment) {
      log.error(
        { payload: paid.payload, chargeId: paid.chargeId },
        'a paid invoice names no payment of ours',
      );
      return undefined;
    }
    if (paid.currency !== 'RUB' || paid.totalKopecks !== toKopecks(payment.amount)) {
      log.error({ paymentId: payment.id, paid }, 'an invoice was paid with another amount; nothing issued');
      return undefined;
    }
    await db
      .update(payments)
      .set({ telegramChargeId: paid.chargeId, updatedAt: sql`now()` })
      .where(and(eq(payments.id, payment.id), isNull(payments.telegramChargeId)));
    const [charged] = await db.select().from(payments).where(eq(payments.id, payment.id));
    if (charged?.telegramChargeId !== paid.chargeId) {
      log.error(
        { paymentId: payment.id, chargeId: paid.chargeId },
        'a second charge for one payment; nothing issued',
      );
      return undefined;
    }
    return issue(charged);
  }

  /** The sandbox checkout's «Оплатить» / «Отменить». */
  async function settleSandbox(paymentId: string, outcome: 'SUCCEEDED' | 'CANCELED') {
    if (outcome === 'CANCELED') {
      const [payment] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(eq(payments.id, paymentId), eq(payments.provider, 'sandbox'), eq(payments.status, 'PENDING')),
        );
      if (payment) await cancelPending(payment.id);
      return payment !== undefined;
    }
    const [payment] = await db
      .select()
      .from(payments)
      .where(
        and(eq(payments.id, paymentId), eq(payments.provider, 'sandbox'), eq(payments.status, 'PENDING')),
      );
    if (payment) await issue(payment);
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
    checkInvoice,
    settleTelegramPayment,
    confirmPurchase,
    settleByProviderId,
    settleStalePayments,
    settleSandbox,
    getSandboxPayment,
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
