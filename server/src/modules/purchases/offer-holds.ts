import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coupons, offerHolds, payments, purchasedCoupons } from '../../db/schema.ts';
import { countsAsSold } from '../catalogue/offer-stock.ts';

/** An offer's limits as a payment start reads them. */
export interface OfferLimitsRow {
  quantity: number | null;
  perBuyer: number | null;
}

export const isLimited = (offer: OfferLimitsRow) => offer.quantity !== null || offer.perBuyer !== null;

/**
 * Every decision about a limited offer's units — a hold taken, a late payment given a unit — is made
 * holding its row's lock (FOR NO KEY UPDATE: the payments' and holds' foreign keys still insert
 * beside it), so starts of one offer in any number of processes queue one after another and each
 * counts what the one before it wrote. A row lock lasts only its transaction: it needs no session of
 * its own, and holds through PgBouncer in transaction mode (ADR 0022).
 */
async function lockOffer(tx: Db, couponId: number): Promise<OfferLimitsRow | undefined> {
  const [row] = await tx
    .select({ quantity: coupons.quantity, perBuyer: coupons.perBuyer })
    .from(coupons)
    .where(eq(coupons.id, couponId))
    .for('no key update');
  return row;
}

async function count(query: Promise<{ count: number }[]>): Promise<number> {
  return (await query)[0]?.count ?? 0;
}

/** Units taken under the lock: coupons sold and not given back, and the holds still there. */
async function takenOf(tx: Db, couponId: number, buyerId?: number): Promise<number> {
  const sold = tx
    .select({ count: sql<number>`count(*)::int` })
    .from(purchasedCoupons)
    .innerJoin(payments, eq(payments.id, purchasedCoupons.paymentId))
    .where(
      and(
        eq(purchasedCoupons.couponId, couponId),
        countsAsSold,
        buyerId === undefined ? undefined : eq(payments.userId, buyerId),
      ),
    );
  const held = tx
    .select({ count: sql<number>`count(*)::int` })
    .from(offerHolds)
    .where(
      and(
        eq(offerHolds.couponId, couponId),
        buyerId === undefined ? undefined : eq(offerHolds.userId, buyerId),
      ),
    );
  return (await count(sold)) + (await count(held));
}

/** Holds past their time give their units back: removed, under the offer's lock. */
const dropLapsed = (tx: Db, couponId: number) =>
  tx.delete(offerHolds).where(and(eq(offerHolds.couponId, couponId), lte(offerHolds.expiresAt, sql`now()`)));

export type HoldRefusal = { refused: 'sold_out' } | { refused: 'per_buyer_reached'; perBuyer: number };

/**
 * Takes a unit of a limited offer for the payment `insertPayment` writes (in the same transaction,
 * after the lock): a refusal when none is free or the buyer has bought or is paying for as many as
 * one person may.
 */
export async function takeHold(
  tx: Db,
  hold: { couponId: number; userId: number; minutes: number },
  insertPayment: () => Promise<{ id: string }>,
): Promise<{ paymentId: string } | HoldRefusal> {
  const offer = await lockOffer(tx, hold.couponId);
  if (!offer) throw new Error(`offer ${hold.couponId} vanished while starting a payment`);
  await dropLapsed(tx, hold.couponId);
  if (offer.quantity !== null && (await takenOf(tx, hold.couponId)) >= offer.quantity) {
    return { refused: 'sold_out' };
  }
  if (offer.perBuyer !== null && (await takenOf(tx, hold.couponId, hold.userId)) >= offer.perBuyer) {
    return { refused: 'per_buyer_reached', perBuyer: offer.perBuyer };
  }
  const payment = await insertPayment();
  await tx.insert(offerHolds).values({
    paymentId: payment.id,
    couponId: hold.couponId,
    userId: hold.userId,
    expiresAt: sql`now() + make_interval(mins => ${hold.minutes})`,
  });
  return { paymentId: payment.id };
}

/**
 * What of an offer is taken, counted under its lock, for a change of its quantity in the same
 * transaction: no start can take a unit between the count and the change.
 */
export async function takenForChange(tx: Db, couponId: number): Promise<number> {
  await lockOffer(tx, couponId);
  await dropLapsed(tx, couponId);
  return takenOf(tx, couponId);
}

/** Whether a payment still holds its unit (Telegram's sheet asks before it takes the money). */
export async function holdsUnit(db: Db, paymentId: string): Promise<boolean> {
  const [hold] = await db
    .select({ paymentId: offerHolds.paymentId })
    .from(offerHolds)
    .where(and(eq(offerHolds.paymentId, paymentId), gt(offerHolds.expiresAt, sql`now()`)));
  return hold !== undefined;
}

/** A payment given up gives its unit back at once. */
export const releaseHold = (tx: Db, paymentId: string) =>
  tx.delete(offerHolds).where(eq(offerHolds.paymentId, paymentId));

/**
 * Whether a paid payment gets a unit, decided in the transaction that issues its coupon: its own
 * hold becomes the coupon; one whose hold lapsed (or an offer limited after it started) gets a unit
 * only when one is free. False: none is, and the money must go back.
 */
export async function unitForPaid(tx: Db, payment: { id: string; couponId: number }): Promise<boolean> {
  // The lock first, as a start takes it, then the hold: never the other way round, or a start
  // dropping this very hold as lapsed and this waiting for the lock would wait on each other.
  const offer = await lockOffer(tx, payment.couponId);
  const [issued] = await tx
    .select({ id: purchasedCoupons.id })
    .from(purchasedCoupons)
    .where(eq(purchasedCoupons.paymentId, payment.id));
  if (issued) return true;
  const [held] = await tx
    .delete(offerHolds)
    .where(eq(offerHolds.paymentId, payment.id))
    .returning({ couponId: offerHolds.couponId });
  if (!offer || offer.quantity === null || held) return true;
  await dropLapsed(tx, payment.couponId);
  return (await takenOf(tx, payment.couponId)) < offer.quantity;
}

/**
 * Holds past their time, removed by the sweep offer by offer under each one's lock (the order a
 * start keeps), so the back office counts only live ones.
 */
export async function dropLapsedHolds(db: Db): Promise<number> {
  const lapsed = await db
    .selectDistinct({ couponId: offerHolds.couponId })
    .from(offerHolds)
    .where(lte(offerHolds.expiresAt, sql`now()`));
  let dropped = 0;
  for (const { couponId } of lapsed) {
    dropped += await db.transaction(async (tx) => {
      await lockOffer(tx, couponId);
      return (await dropLapsed(tx, couponId).returning({ paymentId: offerHolds.paymentId })).length;
    });
  }
  return dropped;
}
