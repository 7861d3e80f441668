import type { CouponActor } from '../purchased-coupons/coupon-state.ts';

/** Who scans and redeems: an admin, or a spokesman or staff member of companies (partners/partner-access.ts). */
export interface Redeemer {
  id: number;
  isAdmin: boolean;
  /** The companies they redeem for: as spokesman or staff. */
  partnerIds: readonly number[];
}

/**
 * Whose coupons a person may scan, redeem, undo and check offline: every company's for an admin,
 * else those of the companies they speak for or work at. Written once: the scan, the redeem
 * (online and synced), the offline kit and, through `actorOf`, the conditional UPDATE ask here.
 */
export const companiesOf = (redeemer: Redeemer): readonly number[] | 'all' =>
  redeemer.isAdmin ? 'all' : redeemer.partnerIds;

/** The rule of `companiesOf`, for one coupon's company. */
export function mayRedeem(redeemer: Redeemer, partnerId: number): boolean {
  const companies = companiesOf(redeemer);
  return companies === 'all' || companies.includes(partnerId);
}

/** The redeemer as the state machine's actor: a partner's companies go with them to the UPDATE. */
export const actorOf = (redeemer: Redeemer): CouponActor =>
  redeemer.isAdmin
    ? { kind: 'admin', id: redeemer.id }
    : { kind: 'partner', id: redeemer.id, partnerIds: redeemer.partnerIds };
