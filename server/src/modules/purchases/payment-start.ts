import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PurchaseErrorCode } from '#contract/purchases';
import type { Db } from '../../db/client.ts';
import { coupons, offerHolds, partners, payments, users } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { type PaymentProvider, PaymentProviderError } from '../../payments/provider.ts';
import { recordAudit, subjectOf } from '../audit/audit-log.ts';
import {
  type Admission,
  createStartUnits,
  handOverFreed,
  offerOnSale,
  release,
  saleOfStart,
  type WaitlistPolicy,
} from '../offers/offers.api.ts';
import type { PrivacyService, StoredConsent } from '../privacy/privacy.service.ts';
import { type PurchaseRefusal, purchaseTexts } from './texts.ts';

export type PaymentRow = typeof payments.$inferSelect;

const refuse = (code: PurchaseRefusal) => new DomainError<PurchaseRefusal>(code);

/**
 * A pending payment gives up: canceled once, with its audit row, whoever asks first. Its unit goes
 * back at once, to the offer's line first: after the cancel's commit, as the cancel never waits for
 * the offer's lock (ADR 0022).
 */
export async function cancelPendingPayment(db: Db, paymentId: string, waitlist: WaitlistPolicy) {
  const freed = await db.transaction(async (tx) => {
    const [canceled] = await tx
      .update(payments)
      .set({ status: 'CANCELED', updatedAt: sql`now()` })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'PENDING')))
      .returning({ id: payments.id });
    if (!canceled) return undefined;
    const [released] = await release(tx, paymentId).returning({ couponId: offerHolds.couponId });
    await recordAudit(tx, {
      kind: 'payment.canceled',
      actorId: null,
      subject: subjectOf.payment(paymentId),
    });
    return released?.couponId;
  });
  if (freed !== undefined) await handOverFreed(db, freed, waitlist);
}

/**
 * Starting a payment: the offer still on sale, the buyer ready to pay (consent, the receipt's
 * e-mail), a payment row, and the provider's page or Telegram's invoice for it.
 */
export function createPaymentStart(options: {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** Where an offer's days begin and end (REPORT_TIME_ZONE). */
  timeZone: string;
  /** Consent and the receipt's e-mail, checked before a payment starts. */
  privacy: Pick<PrivacyService, 'requireReadyToPay'>;
  /** Fiscal receipts are on (YOOKASSA_RECEIPTS): every payment carries the buyer's e-mail. */
  receipts: boolean;
  /** How long a start keeps a unit of a limited offer (OFFER_HOLD_MINUTES). */
  holdMinutes: number;
  /** How a sold-out offer's line is served. */
  waitlist: WaitlistPolicy;
}) {
  const { db, provider, log, timeZone, privacy, receipts, holdMinutes, waitlist } = options;
  const cancelPending = (paymentId: string) => cancelPendingPayment(db, paymentId, waitlist);

  const units = createStartUnits({ db, holdMinutes, waitlist });

  const offerOf = (couponId: number, options: { onSaleOnly?: boolean } = {}) =>
    db
      .select({
        price: coupons.price,
        discount: coupons.discount,
        paymentLink: coupons.paymentLink,
        companyName: partners.companyName,
        phone: partners.phone,
        inn: partners.inn,
        ...saleOfStart,
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

  /**
   * `admission`: the offer gate's word on this press (`admit`), whose turn at the offer's lock it
   * takes. `given.consent`: the buyer's consent and e-mail as the route's consent check read them.
   */
  async function startPayment(
    userId: number,
    couponId: number,
    admission: Pick<Admission, 'inTurn'>,
    given: { email?: string; consent?: StoredConsent } = {},
  ) {
    const [offer] = await offerOf(couponId, { onSaleOnly: true });
    if (!offer) throw refuse('offer_not_on_sale');
    units.refuseBeforeSale(offer);
    const { email } = await privacy.requireReadyToPay(userId, {
      email: given.email,
      receipts,
      known: given.consent,
    });
    const payment = await units.paymentWithUnit(
      { userId, offerId: couponId, offer, admission },
      {
        insert: async (tx) => {
          const [row] = await tx
            .insert(payments)
            .values({ couponId, userId, provider: provider.name, amount: offer.price })
            .returning({ id: payments.id });
          if (!row) throw new Error('insert returned no row');
          return row;
        },
        started: (tx, paymentId) =>
          recordAudit(tx, {
            kind: 'payment.started',
            actorId: userId,
            subject: subjectOf.payment(paymentId),
            details: { offerId: couponId, amount: offer.price, provider: provider.name },
          }),
      },
    );

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

  return { offerOf, startPayment, recoverStart, admit: units.admit };
}

export type PaymentStart = ReturnType<typeof createPaymentStart>;
