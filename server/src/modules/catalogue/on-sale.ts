import { and, eq, isNull } from 'drizzle-orm';
import { coupons, partners } from '../../db/schema.ts';

/**
 * An offer buyers may see and buy: accepted, not withdrawn, of a partner not paused. The one rule
 * for the catalogue and for starting a payment (with `coupons` joined to `partners`).
 */
export const offerOnSale = and(
  eq(coupons.status, 'ACCEPTED'),
  isNull(coupons.withdrawnAt),
  isNull(partners.pausedAt),
);
