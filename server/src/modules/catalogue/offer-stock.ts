import { and, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { offerHolds, purchasedCoupons } from '../../db/schema.ts';

/** What of an offer is taken: coupons sold and not given back, and units held for payments under way. */
export interface OfferStock {
  sold: number;
  held: number;
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
  const stock = new Map<number, OfferStock>(couponIds.map((id) => [id, { sold: 0, held: 0 }]));
  if (couponIds.length === 0) return stock;
  const [sold, held] = await Promise.all([
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
  ]);
  for (const row of sold) {
    const entry = stock.get(row.couponId);
    if (entry) entry.sold = row.count;
  }
  for (const row of held) {
    const entry = stock.get(row.couponId);
    if (entry) entry.held = row.count;
  }
  return stock;
}

/** How many are left of `quantity`; null when the offer is unlimited. */
export const leftOf = (quantity: number | null, stock: OfferStock | undefined): number | null =>
  quantity === null ? null : Math.max(0, quantity - (stock?.sold ?? 0) - (stock?.held ?? 0));
