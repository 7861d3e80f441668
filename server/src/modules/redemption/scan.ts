import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TScannedCoupon } from '#contract/redemption';
import type { Db } from '../../db/client.ts';
import { gifts, purchasedCoupons } from '../../db/schema.ts';
import { mayUndo } from '../purchased-coupons/coupon-state.ts';
import { lastValidDay } from '../purchased-coupons/expiry.ts';
import { nameOf, telegramNameOf } from '../purchased-coupons/purchased-coupons.query.ts';
import { formatCouponDate } from '../purchased-coupons/qr.ts';
import { couponOfToken, type TokenCoupon, tokenStatusOf } from '../purchased-coupons/token-coupon.ts';
import { isInStateNow } from '../purchased-coupons/visible-state.ts';
import { actorOf, mayRedeem, type Redeemer } from './redeemer.ts';

/** What a partner's scan shows: the coupon as the server holds it now, whatever became of it. */
export function createScanner(options: { db: Db; timeZone: string }) {
  const { db, timeZone } = options;

  /** When a coupon held as a gift was given: its QR died then. */
  async function heldSince(purchasedCouponId: string): Promise<Date | null> {
    const [gift] = await db
      .select({ at: gifts.createdAt })
      .from(gifts)
      .where(eq(gifts.purchasedCouponId, purchasedCouponId))
      .orderBy(desc(gifts.createdAt), desc(gifts.id))
      .limit(1);
    return gift?.at ?? null;
  }

  /** The coupons this person redeemed today (REPORT_TIME_ZONE's day) and still holds redeemed. */
  async function redeemedTodayBy(redeemerId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(purchasedCoupons)
      .where(
        and(
          eq(purchasedCoupons.redeemedBy, redeemerId),
          isInStateNow('USED'),
          sql`${purchasedCoupons.redeemedAt} >= (now() AT TIME ZONE ${timeZone})::date::timestamp AT TIME ZONE ${timeZone}`,
        ),
      );
    return row?.n ?? 0;
  }

  /** The coupon as its QR printed it; a replaced QR names whom it was issued to, not the new owner. */
  const cardOf = ({ coupon, replaced }: TokenCoupon) => ({
    expiresAt: lastValidDay(coupon.expiresAt, timeZone),
    date: formatCouponDate(coupon.purchasedAt, timeZone),
    partner: coupon.companyName,
    region: coupon.region,
    discount: String(coupon.discount),
    address: coupon.address,
    telegramName: replaced ? replaced.holder : telegramNameOf(coupon),
  });

  /**
   * The live state of a scanned coupon: used (when, by whom), refunded, void, expired, its refund
   * under way, or its QR replaced by a gift. Undefined only for a token never issued; 'foreign'
   * for another company's coupon.
   */
  async function scan(redeemer: Redeemer, qrToken: string): Promise<TScannedCoupon | 'foreign' | undefined> {
    const found = await couponOfToken(db, qrToken);
    if (!found) return undefined;
    const { coupon } = found;
    if (!mayRedeem(redeemer, coupon.partnerId)) return 'foreign';
    const status = tokenStatusOf(found);
    const used = status === 'USED';
    const giftedAwayAt =
      status !== 'GIFTED_AWAY' ? null : (found.replaced?.at ?? (await heldSince(coupon.id)));
    return {
      status,
      ...cardOf(found),
      canUndo: used && mayUndo(coupon, actorOf(redeemer)),
      redeemedAt: used ? (coupon.redeemedAt?.toISOString() ?? null) : null,
      redeemedBy:
        used && coupon.redeemerFirstName !== null
          ? nameOf(coupon.redeemerUsername, coupon.redeemerFirstName)
          : null,
      giftedAwayAt: giftedAwayAt?.toISOString() ?? null,
      redeemedToday: await redeemedTodayBy(redeemer.id),
    };
  }

  return { scan };
}
