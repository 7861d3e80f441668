import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coupons, offerHolds, offerWaitlist, payments, purchasedCoupons } from '../../db/schema.ts';
import { countsAsSold } from './stock.ts';

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
export async function lockOffer(tx: Db, offerId: number): Promise<OfferLimitsRow | undefined> {
  const [row] = await tx
    .select({ quantity: coupons.quantity, perBuyer: coupons.perBuyer })
    .from(coupons)
    .where(eq(coupons.id, offerId))
    .for('no key update');
  return row;
}

const counted = sql<number>`count(*)::int`;

/** Units taken of an offer (of one buyer's, with `buyerId`): sold and not given back, held, held for the line. */
export function unitsTaken(tx: Db, offerId: number, buyerId?: number) {
  const sold = tx
    .select({ count: counted })
    .from(purchasedCoupons)
    .innerJoin(payments, eq(payments.id, purchasedCoupons.paymentId))
    .where(
      and(
        eq(purchasedCoupons.couponId, offerId),
        countsAsSold,
        buyerId === undefined ? undefined : eq(payments.userId, buyerId),
      ),
    );
  const held = tx
    .select({ count: counted })
    .from(offerHolds)
    .where(
      and(
        eq(offerHolds.couponId, offerId),
        buyerId === undefined ? undefined : eq(offerHolds.userId, buyerId),
      ),
    );
  const heldForLine = tx
    .select({ count: counted })
    .from(offerWaitlist)
    .where(
      and(
        eq(offerWaitlist.couponId, offerId),
        gt(offerWaitlist.heldUntil, sql`now()`),
        buyerId === undefined ? undefined : eq(offerWaitlist.userId, buyerId),
      ),
    );
  return sql<number>`((${sold}) + (${held}) + (${heldForLine}))::int`;
}

/**
 * Units taken under the lock: coupons sold and not given back, the holds still there, and the units
 * held for people of the line. One statement: it runs while every other start of the offer waits.
 */
export async function takenOf(tx: Db, offerId: number, buyerId?: number): Promise<number> {
  const [row] = await tx
    .select({ count: unitsTaken(tx, offerId, buyerId) })
    .from(coupons)
    .where(eq(coupons.id, offerId));
  return row?.count ?? 0;
}

/**
 * Holds past their time give their units back: removed, under the offer's lock. A place in the line
 * whose unit was not taken in its time is removed with it: the unit passes to the next. One
 * statement (it runs while every other start of the offer waits); returns how many holds lapsed.
 */
export async function dropLapsed(tx: Db, offerId: number): Promise<number> {
  const result = await tx.execute(sql`
    WITH lapsed_places AS (
      DELETE FROM ${offerWaitlist}
      WHERE ${offerWaitlist.couponId} = ${offerId} AND ${offerWaitlist.heldUntil} <= now()
    )
    DELETE FROM ${offerHolds}
    WHERE ${offerHolds.couponId} = ${offerId} AND ${offerHolds.expiresAt} <= now()
    RETURNING ${offerHolds.paymentId}`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
