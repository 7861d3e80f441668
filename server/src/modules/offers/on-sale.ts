import { and, eq, isNull, sql } from 'drizzle-orm';
import { coupons, partners } from '../../db/schema.ts';

/**
 * An offer buyers may see and buy: accepted, not withdrawn, not past its last valid day (in
 * `timeZone`), of a partner not paused. The one rule for the catalogue and for starting a payment
 * (with `coupons` joined to `partners`).
 */
export const offerOnSale = (timeZone: string) =>
  and(
    eq(coupons.status, 'ACCEPTED'),
    isNull(coupons.withdrawnAt),
    isNull(partners.pausedAt),
    sql`(${coupons.validUntil} IS NULL OR ${coupons.validUntil} >= (now() AT TIME ZONE ${timeZone})::date)`,
  );
