import { and, desc, eq, gte, isNotNull, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PurchaseErrorCode } from '#contract/purchases';
import type { Db } from '../../db/client.ts';
import { auditEvents, coupons, partners, payments, purchasedCoupons } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { type PaymentProvider, PaymentProviderError } from '../../payments/provider.ts';
import { toKopecks } from '../../payments/telegram-provider.ts';
import { subjectOf } from '../audit/audit-log.ts';
import { dropLapsedHolds, holdsUnit, leftOf, stockOf, type WaitlistPolicy } from '../offers/offers.api.ts';
import type { Membership } from '../users/membership.service.ts';
import type { CouponIssue, IssuedCoupon } from './coupon-issue.ts';
import { cancelPendingPayment, type PaymentRow, type PaymentStart } from './payment-start.ts';
import { type PurchaseRefusal, purchaseTexts } from './texts.ts';

const refuse = (code: PurchaseRefusal) => new DomainError<PurchaseRefusal>(code);

/** A notice about a payment asked about this recently is not asked about again. */
const RECHECK_AFTER = sql`interval '10 seconds'`;
/** A pending payment this old that nobody settled is asked about by the sweep… */
const STALE_AFTER = sql`interval '10 minutes'`;
/** …until it is this old: a provider forgets idempotence keys after a day, and pages expire sooner. */
const GIVE_UP_AFTER = sql`interval '2 days'`;
const STALE_BATCH = 50;
/**
 * How far back a sweep looks for payments left without their coupon, after a process's first sweep
 * has looked at every payment ever made: one left so is found within a minute while the process
 * runs, and a process that was down for longer looks at all of them again when it starts. (Every
 * sweep looking at all of them took 56–85 ms at 30,000 payments on PGlite, growing with the
 * history, and a request that came meanwhile waited for it.)
 */
const UNISSUED_LOOKBACK = sql`interval '2 days'`;

/**
 * Settling a payment on the provider's word, never the caller's: the buyer's «Да», a provider's
 * notice, Telegram's successful_payment, the sandbox's buttons and the sweep of payments nobody
 * settled; each ends in the coupon issued once, or voided on a refund.
 */
export function createPaymentSettle(options: {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  start: Pick<PaymentStart, 'offerOf' | 'recoverStart'>;
  issuing: CouponIssue;
  /** How a sold-out offer's line is served. */
  waitlist: WaitlistPolicy;
}) {
  const { db, provider, log, start, issuing, waitlist } = options;
  const { offerOf, recoverStart } = start;
  const { issue, voidRefunded } = issuing;
  const cancelPending = (paymentId: string) => cancelPendingPayment(db, paymentId, waitlist);

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
  async function settle(payment: PaymentRow): Promise<IssuedCoupon | 'sold_out' | undefined> {
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
    if (issued === 'sold_out' || (!issued && (await refundedUnsold(payment.id)))) {
      throw refuse('sold_out_refunded');
    }
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
  ): Promise<IssuedCoupon | 'sold_out' | undefined> {
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

  /** Whether the payment came after its hold lapsed and found no unit (unsold-refund.ts). */
  async function refundedUnsold(paymentId: string): Promise<boolean> {
    const [event] = await db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.subject, subjectOf.payment(paymentId)),
          eq(auditEvents.kind, 'payment.refunded_sold_out'),
        ),
      )
      .limit(1);
    return event !== undefined;
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
    // Abandoned payment pages give their units back, to the line first: the back office then counts
    // only live holds.
    await dropLapsedHolds(db, waitlist);
    const repaired = await issueUnissued();
    if (!provider.verified) return { asked: 0, issued: repaired };
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
        if (tracked && typeof (await settle(tracked)) === 'object') issued += 1;
      } catch (error) {
        log.warn({ err: error, paymentId: payment.id }, 'stale payment not settled; asked again later');
      }
    }
    return { asked: stale.length, issued: issued + repaired };
  }

  /** Whether this process has looked at every payment ever made (UNISSUED_LOOKBACK). */
  let lookedAtEvery = false;

  /**
   * Payments whose money came and whose coupon did not: marked SUCCEEDED, or charged by Telegram
   * (its successful_payment recorded, the issue after it cut short: the charge and the coupon are
   * two writes, and a process killed between them, or a database that failed, leaves the first
   * alone). Each gets its coupon now; issue() makes it once, whoever else issues it meanwhile.
   */
  async function issueUnissued(): Promise<number> {
    const unissued = await db
      .select()
      .from(payments)
      .where(
        and(
          lookedAtEvery ? gte(payments.updatedAt, sql`now() - ${UNISSUED_LOOKBACK}`) : undefined,
          or(
            eq(payments.status, 'SUCCEEDED'),
            and(eq(payments.status, 'PENDING'), isNotNull(payments.telegramChargeId)),
          ),
          notExists(
            db
              .select({ id: purchasedCoupons.id })
              .from(purchasedCoupons)
              .where(eq(purchasedCoupons.paymentId, payments.id)),
          ),
        ),
      )
      .orderBy(payments.createdAt)
      .limit(STALE_BATCH);
    // A full batch may leave more behind it: the next sweep looks at every payment again.
    if (unissued.length < STALE_BATCH) lookedAtEvery = true;
    let issued = 0;
    for (const payment of unissued) {
      try {
        await issue(payment);
        issued += 1;
        log.error({ paymentId: payment.id }, 'a paid payment was without its coupon; issued now');
      } catch (error) {
        log.error(
          { err: error, paymentId: payment.id },
          'a paid payment is without its coupon; issued later',
        );
      }
    }
    return issued;
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
   * `membershipOf`: the one a payment stands on (membership.service.ts, payingMembershipOf).
   */
  async function checkInvoice(query: {
    payload: string;
    buyerId: number;
    currency: string;
    totalKopecks: number;
    membershipOf: (userId: number) => Promise<Membership>;
  }): Promise<string | undefined> {
    const payment = await invoicePayment(query.payload, query.buyerId);
    if (payment?.status !== 'PENDING') return purchaseTexts.invoiceStale;
    const [offer] = await offerOf(payment.couponId, { onSaleOnly: true });
    if (!offer) return purchaseTexts.invoiceOfferGone;
    // Its hold lapsed while the sheet was open: the money is taken only if a unit is still free.
    if (
      offer.quantity !== null &&
      !(await holdsUnit(db, payment.id)) &&
      leftOf(offer.quantity, (await stockOf(db, [payment.couponId])).get(payment.couponId)) === 0
    ) {
      return purchaseTexts.invoiceSoldOut;
    }
    if (query.currency !== 'RUB' || query.totalKopecks !== toKopecks(payment.amount))
      return purchaseTexts.invoiceStale;
    const membership = await query.membershipOf(query.buyerId);
    if (membership === 'unknown') return purchaseTexts.invoiceMembershipUnknown;
    if (membership !== 'member') return purchaseTexts.invoiceNotMember;
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
    providerChargeId: string;
  }): Promise<IssuedCoupon | 'sold_out' | undefined> {
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
      .set({
        telegramChargeId: paid.chargeId,
        providerChargeId: paid.providerChargeId,
        updatedAt: sql`now()`,
      })
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
    checkInvoice,
    settleTelegramPayment,
    confirmPurchase,
    settleByProviderId,
    settleStalePayments,
    settleSandbox,
    getSandboxPayment,
  };
}
