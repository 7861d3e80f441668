import { and, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { offerHolds, offerWaitlist, purchasedCoupons } from '../../db/schema.ts';

/**
 * What of an offer is taken: coupons sold and not given back, units held (for payments under way and
 * for people of its line), and the people of its line still waiting for a unit.
 */
export interface OfferStock {
  sold: number;
  held: number;
  waiting: number;
}

/**
 * A coupon that counts against its offer's quantity: sold, and neither refunded nor voided (its money
 * never came). A gift moves a coupon, it does not sell another.
 */
export const countsAsSold = and(isNull(purchasedCoupons.refundedAt), ne(purchasedCoupons.status, 'VOID'));

/**
 * Each offer's stock as it is now, without locks: what the catalogue and the back office show. A
 * hold past its time counts no more here, though its row stays until a start or the sweep removes it.
 */
export async function stockOf(db: Db, couponIds: readonly number[]): Promise<Map<number, OfferStock>> {
  const stock = new Map<number, OfferStock>(couponIds.map((id) => [id, { sold: 0, held: 0, waiting: 0 }]));
  if (couponIds.length === 0) return stock;
  const [sold, held, line] = await Promise.all([
    db
      .select({ couponId: purchasedCoupons.couponId, count: sql<number>`count(*)::int` })
      .from(purchasedCoupons)
      .where(and(inArray(purchasedCoupons.couponId, [...couponIds]), countsAsSold))
      .groupBy(purchasedCoupons.couponId),
    db
      .select({ couponId: offerHolds.couponId, count: sql<number>`count(*)::int` })
      .from(offerHolds)
      .where(and(inArray(offerHolds.couponId, [...couponIds]), gt(offerHolds.expiresAt, sql`now()`)))
      .groupBy(offerHolds.couponId),
    db
      .select({
        couponId: offerWaitlist.couponId,
        held: sql<number>`(count(*) FILTER (WHERE ${offerWaitlist.heldUntil} IS NOT NULL))::int`,
        waiting: sql<number>`(count(*) FILTER (WHERE ${offerWaitlist.heldUntil} IS NULL))::int`,
      })
      .from(offerWaitlist)
      .where(
        and(
          inArray(offerWaitlist.couponId, [...couponIds]),
          or(isNull(offerWaitlist.heldUntil), gt(offerWaitlist.heldUntil, sql`now()`)),
        ),
      )
      .groupBy(offerWaitlist.couponId),
  ]);
  for (const row of sold) {
    const entry = stock.get(row.couponId);
    if (entry) entry.sold = row.count;
  }
  for (const row of held) {
    const entry = stock.get(row.couponId);
    if (entry) entry.held = row.count;
  }
  for (const row of line) {
    const entry = stock.get(row.couponId);
    if (!entry) continue;
    entry.held += row.held;
    entry.waiting = row.waiting;
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
