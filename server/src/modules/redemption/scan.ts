import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { compareRu } from '#contract/collation';
import type { TRedeemedToday, TScannedCoupon } from '#contract/redemption';
import type { Db } from '../../db/client.ts';
import { coupons, gifts, partners, purchasedCoupons } from '../../db/schema.ts';
import { mayUndo } from '../purchased-coupons/coupon-state.ts';
import { lastValidDay } from '../purchased-coupons/expiry.ts';
import { nameOf, telegramNameOf } from '../purchased-coupons/purchased-coupons.query.ts';
import { formatCouponDate } from '../purchased-coupons/qr.ts';
import { couponOfToken, type TokenCoupon, tokenStatusOf } from '../purchased-coupons/token-coupon.ts';
import { isInStateNow } from '../purchased-coupons/visible-state.ts';
import { actorOf, companiesOf, mayRedeem, type Redeemer } from './redeemer.ts';

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

  /**
   * «Погашено сегодня», whose it is: each of the person's companies with the coupons redeemed for it
   * today (REPORT_TIME_ZONE's day) and still redeemed, by anyone there; for an admin, the companies
   * with any. In the companies' names' order.
   */
  async function redeemedToday(redeemer: Redeemer): Promise<TRedeemedToday> {
    const companies = companiesOf(redeemer);
    if (companies !== 'all' && companies.length === 0) return [];
    const todayStarts = sql`(now() AT TIME ZONE ${timeZone})::date::timestamp AT TIME ZONE ${timeZone}`;
    const redeemed = count(purchasedCoupons.id);
    const rows = await db
      .select({ companyName: partners.companyName, count: redeemed })
      .from(partners)
      .leftJoin(coupons, eq(coupons.partnerId, partners.id))
      .leftJoin(
        purchasedCoupons,
        and(
          eq(purchasedCoupons.couponId, coupons.id),
          isInStateNow('USED'),
          sql`${purchasedCoupons.redeemedAt} >= ${todayStarts}`,
        ),
      )
      .where(companies === 'all' ? undefined : inArray(partners.id, [...companies]))
      .groupBy(partners.id, partners.companyName)
      .having(companies === 'all' ? sql`${redeemed} > 0` : undefined);
    return rows.sort((a, b) => compareRu(a.companyName, b.companyName));
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
    messenger: replaced ? replaced.messenger : coupon.ownerMessenger,
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
    };
  }

  return { scan, redeemedToday };
}
