import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { offerHolds, offerWaitlist, purchasedCoupons } from '../../db/schema.ts';
import { serveLine, type WaitlistPolicy } from './line.ts';
import { dropLapsed, lockOffer, takenOf } from './units.ts';

export type HoldRefusal = { refused: 'sold_out' } | { refused: 'per_buyer_reached'; perBuyer: number };

/**
 * Takes a unit of a limited offer for the payment `insertPayment` writes (in the same transaction,
 * after the lock): the unit the line held for the buyer, else a free one nobody in the line waits
 * for; a refusal when there is none or the buyer has bought or is paying for as many as one person
 * may.
 */
export async function reserve(
  tx: Db,
  hold: { offerId: number; userId: number; minutes: number; waitlist: WaitlistPolicy },
  insertPayment: () => Promise<{ id: string }>,
): Promise<{ paymentId: string } | HoldRefusal> {
  const offer = await lockOffer(tx, hold.offerId);
  if (!offer) throw new Error(`offer ${hold.offerId} vanished while starting a payment`);
  const { taken, own } = await serveLine(
    tx,
    { offerId: hold.offerId, quantity: offer.quantity },
    hold.waitlist,
    hold.userId,
  );
  if (!own && offer.quantity !== null && taken >= offer.quantity) {
    return { refused: 'sold_out' };
  }
  // The unit the line held for the buyer is one of theirs already: it is not counted twice.
  if (
    offer.perBuyer !== null &&
    (await takenOf(tx, hold.offerId, hold.userId)) - (own ? 1 : 0) >= offer.perBuyer
  ) {
    return { refused: 'per_buyer_reached', perBuyer: offer.perBuyer };
  }
  const payment = await insertPayment();
  // A payment from the line keeps the unit at least as long as the line would have.
  const expiresAt = own
    ? sql`greatest(${own.heldUntil}, now() + make_interval(mins => ${hold.minutes}))`
    : sql`now() + make_interval(mins => ${hold.minutes})`;
  if (own) await tx.delete(offerWaitlist).where(eq(offerWaitlist.id, own.id));
  await tx.insert(offerHolds).values({
    paymentId: payment.id,
    couponId: hold.offerId,
    userId: hold.userId,
    expiresAt,
  });
  return { paymentId: payment.id };
}

/**
 * What of an offer is taken, counted under its lock, for a change of its quantity in the same
 * transaction: no start can take a unit between the count and the change.
 */
export async function takenForChange(tx: Db, offerId: number): Promise<number> {
  await lockOffer(tx, offerId);
  await dropLapsed(tx, offerId);
  return takenOf(tx, offerId);
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
export const release = (tx: Db, paymentId: string) =>
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
    .returning({ offerId: offerHolds.couponId });
  if (!offer || offer.quantity === null || held) return true;
  await dropLapsed(tx, payment.couponId);
  return (await takenOf(tx, payment.couponId)) < offer.quantity;
}
