import { type SQL, sql } from 'drizzle-orm';
import { dayIn } from '#contract/date-time';
import { coupons, purchasedCoupons } from '../../db/schema.ts';

/**
 * When a coupon bought now stops being valid: midnight (in `timeZone`) after the earlier of the
 * offer's last day and the day of purchase plus its `validDays`; null when the offer sets neither.
 * Bought on 1 June with 30 days, it may be used until the end of 1 July. Read inside the query
 * that issues it, so it is fixed at purchase and gifts keep it.
 */
export function expiryAtPurchase(couponId: number, timeZone: string): SQL {
  const midnightAfter = (day: SQL) => sql`((${day}) + 1)::timestamp AT TIME ZONE ${timeZone}`;
  return sql`(SELECT least(
      ${midnightAfter(sql`${coupons.validUntil}`)},
      ${midnightAfter(sql`(now() AT TIME ZONE ${timeZone})::date + ${coupons.validDays}`)}
    ) FROM ${coupons} WHERE ${coupons.id} = ${couponId})`;
}

/** True in SQL for a coupon past its expiry at `at`. */
export const expiredAt = (at: Date) =>
  sql`(${purchasedCoupons.expiresAt} IS NOT NULL AND ${purchasedCoupons.expiresAt} <= ${at.toISOString()}::timestamptz)`;

/** True in SQL for a coupon past its expiry now. */
export const isExpiredNow = sql`(${purchasedCoupons.expiresAt} IS NOT NULL AND ${purchasedCoupons.expiresAt} <= now())`;

/** The last day a coupon may be used, `YYYY-MM-DD` in `timeZone`, from its expiry instant. */
export function lastValidDay(expiresAt: Date | null, timeZone: string): string | null {
  if (!expiresAt) return null;
  return dayIn(timeZone, new Date(expiresAt.getTime() - 1));
}
