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
  createOfferGate,
  handOverFreed,
  isLimited,
  offerOnSale,
  placeHeldFor,
  release,
  reserve,
  unitWithinReach,
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

  const gate = createOfferGate(db);

  const offerOf = (couponId: number, options: { onSaleOnly?: boolean } = {}) =>
    db
      .select({
        price: coupons.price,
        discount: coupons.discount,
        paymentLink: coupons.paymentLink,
        companyName: partners.companyName,
        phone: partners.phone,
        inn: partners.inn,
        quantity: coupons.quantity,
        perBuyer: coupons.perBuyer,
        saleStartsAt: coupons.saleStartsAt,
        // The database's clock, the one every process and the holds' expiry read.
        saleStarted: sql<boolean>`(${coupons.saleStartsAt} IS NULL OR ${coupons.saleStartsAt} <= now())`,
      })
      .from(coupons)
      .innerJoin(partners, eq(partners.id, coupons.partnerId))
      .where(and(eq(coupons.id, couponId), options.onSaleOnly ? offerOnSale(timeZone) : undefined));

  type OnSaleOffer = NonNullable<Awaited<ReturnType<typeof offerOf>>[number]>;

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
   * Sold out, read without the offer's lock: a refusal the lock would give too. Not to one the line
   * holds a unit for, nor while a lapsed hold or a freed unit waits to be given on: this start goes to
   * the lock, which hands it to the line at once (else only the sweep would, minutes later).
   */
  async function refuseIfSoldOut(userId: number, couponId: number, offer: OnSaleOffer) {
    if (offer.quantity === null) return;
    const stock = await gate.stockNow(couponId);
    if (
      !unitWithinReach(offer.quantity, stock) &&
      !(stock?.heldForLine && (await placeHeldFor(db, couponId, userId)).length > 0)
    ) {
      throw refuse(PurchaseErrorCode.soldOut);
    }
  }

  /** The payment's row, and for a limited offer its unit: a refusal when none is left to the buyer. */
  async function paymentWithUnit(
    userId: number,
    couponId: number,
    offer: OnSaleOffer,
  ): Promise<{ id: string }> {
    const reserved = await db.transaction(async (tx) => {
      const insertPayment = async () => {
        const [row] = await tx
          .insert(payments)
          .values({ couponId, userId, provider: provider.name, amount: offer.price })
          .returning({ id: payments.id });
        if (!row) throw new Error('insert returned no row');
        return row;
      };
      let row: { id: string };
      if (isLimited(offer)) {
        const held = await reserve(
          tx,
          { offerId: couponId, userId, minutes: holdMinutes, waitlist },
          insertPayment,
        );
        // Returned, not thrown: what the lock did before refusing (lapsed holds removed, their units
        // handed to the line, its people told) is kept. No payment was written.
        if ('refused' in held) return held;
        row = { id: held.paymentId };
      } else {
        row = await insertPayment();
      }
      await recordAudit(tx, {
        kind: 'payment.started',
        actorId: userId,
        subject: subjectOf.payment(row.id),
        details: { offerId: couponId, amount: offer.price, provider: provider.name },
      });
      return row;
    });
    if ('refused' in reserved) {
      throw reserved.refused === 'sold_out'
        ? refuse(PurchaseErrorCode.soldOut)
        : new DomainError<PurchaseRefusal>(PurchaseErrorCode.perBuyerReached, {
            perBuyer: reserved.perBuyer,
          });
    }
    return reserved;
  }

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
    if (!offer.saleStarted && offer.saleStartsAt) {
      throw new DomainError<PurchaseRefusal>(PurchaseErrorCode.saleNotStarted, {
        startsAt: offer.saleStartsAt.toISOString(),
      });
    }
    const { email } = await privacy.requireReadyToPay(userId, {
      email: given.email,
      receipts,
      known: given.consent,
    });
    // A limited offer's starts take turns in this process, in the order the gate let them on: one
    // waits for the offer's lock holding a database connection, the rest wait here holding none. Two
    // hundred presses at a drop otherwise held every connection of the pool waiting on that one lock,
    // and the requests past them timed out (503) waiting for a connection. Across processes the lock
    // still decides.
    const payment = isLimited(offer)
      ? await admission.inTurn(async () => {
          // Sold out was told before the start's reads (offers/gate.ts); asked again in turn, so the
          // starts queued behind the last unit end here, not at the lock.
          await refuseIfSoldOut(userId, couponId, offer);
          return paymentWithUnit(userId, couponId, offer);
        })
      : await paymentWithUnit(userId, couponId, offer);

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

  return { offerOf, startPayment, recoverStart, admit: gate.admit };
}

export type PaymentStart = ReturnType<typeof createPaymentStart>;
