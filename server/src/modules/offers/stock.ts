import { and, eq, gt, inArray, isNull, lte, ne, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coupons, offerHolds, offerWaitlist, purchasedCoupons } from '../../db/schema.ts';

/**
 * What of an offer is taken: coupons sold and not given back, units held (for payments under way and
 * for people of its line), and the people of its line still waiting for a unit.
 */
export interface OfferStock {
  sold: number;
  held: number;
  /** Of `held`, the units held for people of the line: theirs, whoever else finds the offer sold out. */
  heldForLine: number;
  waiting: number;
  /**
   * Units held past their time (for a payment or a person of the line) whose rows are still there:
   * free in truth, and given on (to the line first) by the next start under the lock, or the sweep.
   */
  lapsed: number;
}

/** An offer nothing is taken of. */
export const NO_STOCK: Readonly<OfferStock> = { sold: 0, held: 0, heldForLine: 0, waiting: 0, lapsed: 0 };

/**
 * A coupon that counts against its offer's quantity: sold, and neither refunded nor voided (its money
 * never came). A gift moves a coupon, it does not sell another.
 */
export const countsAsSold = and(isNull(purchasedCoupons.refundedAt), ne(purchasedCoupons.status, 'VOID'));

/**
 * Each offer's stock as it is now, without locks: what the catalogue and the back office show. A
 * hold past its time counts no more here, though its row stays until a start or the sweep removes it.
 */
export async function stockOf(db: Db, offerIds: readonly number[]): Promise<Map<number, OfferStock>> {
  const stock = new Map<number, OfferStock>(offerIds.map((id) => [id, { ...NO_STOCK }]));
  if (offerIds.length === 0) return stock;
  const counted = sql<number>`count(*)::int`;
  const of = (subquery: SQLWrapper) => sql<number>`(${subquery})`;
  // One statement, one connection: a drop's crowd reads this before every start.
  const rows = await db
    .select({
      offerId: coupons.id,
      sold: of(
        db
          .select({ count: counted })
          .from(purchasedCoupons)
          .where(and(eq(purchasedCoupons.couponId, coupons.id), countsAsSold)),
      ),
      heldForPayments: of(
        db
          .select({ count: counted })
          .from(offerHolds)
          .where(and(eq(offerHolds.couponId, coupons.id), gt(offerHolds.expiresAt, sql`now()`))),
      ),
      heldForLine: of(
        db
          .select({ count: counted })
          .from(offerWaitlist)
          .where(and(eq(offerWaitlist.couponId, coupons.id), gt(offerWaitlist.heldUntil, sql`now()`))),
      ),
      waiting: of(
        db
          .select({ count: counted })
          .from(offerWaitlist)
          .where(and(eq(offerWaitlist.couponId, coupons.id), isNull(offerWaitlist.heldUntil))),
      ),
      lapsedForPayments: of(
        db
          .select({ count: counted })
          .from(offerHolds)
          .where(and(eq(offerHolds.couponId, coupons.id), lte(offerHolds.expiresAt, sql`now()`))),
      ),
      lapsedForLine: of(
        db
          .select({ count: counted })
          .from(offerWaitlist)
          .where(and(eq(offerWaitlist.couponId, coupons.id), lte(offerWaitlist.heldUntil, sql`now()`))),
      ),
    })
    .from(coupons)
    .where(inArray(coupons.id, [...offerIds]));
  for (const row of rows) {
    stock.set(row.offerId, {
      sold: Number(row.sold),
      held: Number(row.heldForPayments) + Number(row.heldForLine),
      heldForLine: Number(row.heldForLine),
      waiting: Number(row.waiting),
      lapsed: Number(row.lapsedForPayments) + Number(row.lapsedForLine),
    });
  }
  return stock;
}

/**
 * How many are left of `quantity` for a buyer outside the line (a unit free while people wait is
 * theirs); null when the offer is unlimited.
 */
export const leftOf = (quantity: number | null, stock: OfferStock | undefined): number | null =>
  quantity === null
    ? null
    : Math.max(0, quantity - (stock?.sold ?? 0) - (stock?.held ?? 0) - (stock?.waiting ?? 0));

/** An offer's units as the back office and the reports show them (contract's offer-stock.ts). */
export const unitsShown = (quantity: number | null, stock: OfferStock | undefined) => ({
  sold: stock?.sold ?? 0,
  held: stock?.held ?? 0,
  left: leftOf(quantity, stock),
  inLine: stock?.waiting ?? 0,
});
