import { type SQL, sql } from 'drizzle-orm';
import type { TCouponState } from '#contract/back-office-purchases';
import { PURCHASED_COUPON_STATUSES } from '#contract/coupon-statuses';
import type { TPurchasedCouponStatus } from '#contract/purchases';
import { purchasedCoupons } from '../../db/schema.ts';
import type { CouponStatus } from './coupon-state.ts';
import { expiredAt, isExpiredNow } from './expiry.ts';

/**
 * The state a person sees of a purchased coupon: its holder in My QR, a scanning partner, the back
 * office's list and its filters, the photo of its QR in chat, the offline kit's revoked list and the
 * reports. Defined once, here, in SQL (`visibleStateAt`) and mirrored in TypeScript
 * (`visibleStateOf`) for rows already read; visible-state.test.ts runs every combination of the
 * facts through both, `refusalOf` and every reader.
 *
 * The stored status first: USED, REFUNDED, VOID and HELD are what they say (a used coupon whose
 * money went back afterwards stays USED). An unused one whose refund is under way is
 * REFUND_PENDING, then one past its expiry EXPIRED; only a NOT_USED one may be redeemed or given.
 */
export type VisibleState = TCouponState;

/**
 * The facts of a coupon the visible state and `refusalOf` read. `expired` is as of a moment (an
 * offline redemption: when it was made); `refunded` decides only the changes a refund finishes.
 */
export interface CouponState {
  status: CouponStatus;
  expired: boolean;
  refundRequested: boolean;
  /** A refund was told (refundedAt); a used coupon stays USED when its money goes back. */
  refunded?: boolean;
}

/** The facts, from a coupon's row: expiry as of `at` (now, unless told). */
export function couponStateOf(
  row: {
    status: CouponStatus;
    expiresAt: Date | null;
    refundRequestedAt: Date | null;
    refundedAt?: Date | null;
  },
  at = new Date(),
): CouponState {
  return {
    status: row.status,
    expired: row.expiresAt !== null && row.expiresAt <= at,
    refundRequested: row.refundRequestedAt !== null,
    refunded: row.refundedAt !== undefined && row.refundedAt !== null,
  };
}

/** The columns the visible state reads: a trigger that tells readers of a change watches them (watched-columns.ts). */
export const VISIBLE_STATE_COLUMNS = ['status', 'refund_requested_at', 'expires_at'] as const;

/** The visible state in SQL, of `purchased_coupons` as it stands, expiry as of `at` (now, unless told). */
export const visibleStateAt = (at?: Date): SQL<VisibleState> =>
  sql<VisibleState>`(CASE
    WHEN ${purchasedCoupons.status} <> 'NOT_USED' THEN ${purchasedCoupons.status}::text
    WHEN ${purchasedCoupons.refundRequestedAt} IS NOT NULL THEN 'REFUND_PENDING'
    WHEN ${at ? expiredAt(at) : isExpiredNow} THEN 'EXPIRED'
    ELSE 'NOT_USED' END)`;

/** The visible state now, in SQL. */
export const visibleStateNow = visibleStateAt();

/** The states the stored status alone decides (visibleStateAt's first branch). */
const DECIDED_BY_STATUS: readonly VisibleState[] = ['USED', 'REFUNDED', 'VOID', 'HELD'];

/**
 * True in SQL for a coupon in `state` now: what every list filter and report counts by. A state
 * the stored status alone decides is asked of the status, as a literal, so that a partial index on
 * it (purchased_coupons_used_idx) serves the query.
 */
export const isInStateNow = (state: VisibleState): SQL =>
  DECIDED_BY_STATUS.includes(state)
    ? sql`${purchasedCoupons.status} = ${sql.raw(`'${state}'`)}`
    : sql`${visibleStateNow} = ${state}`;

/** The mirror of `visibleStateAt`, of the facts read from a row (couponStateOf). */
export function visibleStateOf(
  state: Pick<CouponState, 'status' | 'expired' | 'refundRequested'>,
): VisibleState {
  if (state.status !== 'NOT_USED') return state.status;
  if (state.refundRequested) return 'REFUND_PENDING';
  return state.expired ? 'EXPIRED' : 'NOT_USED';
}

/** The visible state of a row read, expiry as of `at` (now, unless told). */
export const visibleStateOfRow = (row: Parameters<typeof couponStateOf>[0], at = new Date()) =>
  visibleStateOf(couponStateOf(row, at));

/**
 * What its holder sees of a coupon in My QR (used, expired or with its refund under way, as told),
 * expiry as of `at`; undefined for a refunded, void or held one, shown to nobody.
 */
export function holderStateOf(
  row: Parameters<typeof couponStateOf>[0],
  at = new Date(),
): TPurchasedCouponStatus | undefined {
  const state = visibleStateOfRow(row, at);
  return isHolderState(state) ? state : undefined;
}

const isHolderState = (state: VisibleState): state is TPurchasedCouponStatus =>
  (PURCHASED_COUPON_STATUSES as readonly string[]).includes(state);
