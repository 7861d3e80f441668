import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { UNDO_WINDOW_MINUTES } from '#contract/redemption';
import type { Db } from '../../db/client.ts';
import { coupons, purchasedCoupons } from '../../db/schema.ts';
import { type CouponState, visibleStateAt, visibleStateNow, visibleStateOf } from './visible-state.ts';

export type CouponStatus = (typeof purchasedCoupons.status.enumValues)[number];

/** Who asks for a change: the rules below say whom each change is open to. A partner's staff act as its partner. */
export type CouponActor =
  | { kind: 'admin'; id: number }
  /** A company's spokesman or staff member, with the companies they act for (redemption/redeemer.ts). */
  | { kind: 'partner'; id: number; partnerIds: readonly number[] }
  | { kind: 'owner'; id: number }
  | { kind: 'payment-provider' }
  /** The server itself: a held gift claimed by its addressee, or returned after seven days. */
  | { kind: 'system' };

/**
 * The life of a purchased coupon, in one place. Issued NOT_USED; then:
 *
 * | change | from               | to                                  | who                                        |
 * | ------ | ------------------ | ----------------------------------- | ------------------------------------------ |
 * | redeem | NOT_USED, unexpired, no refund asked | USED              | its company's spokesman or staff, an admin |
 * | undo   | USED               | NOT_USED, or REFUNDED if refunded   | its redeemer within 10 minutes, an admin   |
 * | refund | NOT_USED, USED     | REFUNDED if unused; a used one stays USED, marked refunded | the payment provider, an admin |
 * | void   | NOT_USED           | VOID (its money never came)         | an admin                                   |
 * | gift   | NOT_USED, unexpired, no refund asked | NOT_USED (new owner, new QR token) | its owner                 |
 * | hold   | NOT_USED, unexpired, no refund asked | HELD (new QR token: the old one dies) | its owner (a gift to an unseen username) |
 * | claim  | HELD               | NOT_USED (new owner, new QR token)  | the server, when the addressee opens the app |
 * | unhold | HELD               | NOT_USED (same owner, new QR token) | its owner (cancel), the server (7 days)    |
 *
 * REFUNDED and VOID are final. An admin asks for a refund only of an unused coupon
 * (admin-purchases/refunds.service.ts), and while the provider works on it the coupon can be neither
 * redeemed nor given away: its money goes back to the one who paid.
 * Every change of a coupon's status or owner is one conditional UPDATE made by
 * `changeCoupon`, so of two simultaneous changes only one can find the coupon as it expects.
 * Why a change cannot start is asked of `refusalOf`, never worked out again in a module.
 */
export const COUPON_CHANGES = {
  redeem: { from: ['NOT_USED'], by: ['admin', 'partner'] },
  undo: { from: ['USED'], by: ['admin', 'partner'] },
  refund: { from: ['NOT_USED', 'USED'], by: ['payment-provider', 'admin'] },
  void: { from: ['NOT_USED'], by: ['admin'] },
  gift: { from: ['NOT_USED'], by: ['owner'] },
  hold: { from: ['NOT_USED'], by: ['owner'] },
  claim: { from: ['HELD'], by: ['system'] },
  unhold: { from: ['HELD'], by: ['owner', 'system'] },
} as const satisfies Record<string, { from: CouponStatus[]; by: CouponActor['kind'][] }>;

export type CouponChange = keyof typeof COUPON_CHANGES;

/** An admin's refund request (`holdForRefund`): not a change of status, but it starts only here. */
export const REFUND_REQUEST_FROM = ['NOT_USED'] as const satisfies CouponStatus[];

/**
 * What `refusalOf` answers about: a change of the table, an admin's refund request, or the buyer's
 * own (`ownerRefund`: only of a coupon whose visible state is NOT_USED, as a gift's).
 */
export type CouponQuestion = CouponChange | 'requestRefund' | 'ownerRefund';

/** Why a change cannot start: the status the coupon is in, or what else holds it back. */
export type CouponRefusal = CouponStatus | 'EXPIRED' | 'REFUND_PENDING';

/**
 * Why `change` cannot start from `state`, or undefined when it can (who asks is `changeCoupon`'s
 * question, not this one's). The modules map this one answer to their own refusal codes.
 *
 * A redeem, a gift or a hold starts only from the visible state NOT_USED, and a refusal names the
 * visible state (visible-state.ts): what the holder's and the partner's screens showed. The other
 * changes: a refund already told first (final for refund, void and a refund request), then a
 * status the change does not start from.
 */
export function refusalOf(state: CouponState, change: CouponQuestion): CouponRefusal | undefined {
  if (change === 'redeem' || change === 'gift' || change === 'hold' || change === 'ownerRefund') {
    const visible = visibleStateOf(state);
    return visible === 'NOT_USED' ? undefined : visible;
  }
  const finishedByRefund = change === 'refund' || change === 'void' || change === 'requestRefund';
  if (finishedByRefund && state.refunded) return 'REFUNDED';
  const from: readonly CouponStatus[] =
    change === 'requestRefund' ? REFUND_REQUEST_FROM : COUPON_CHANGES[change].from;
  return from.includes(state.status) ? undefined : state.status;
}

/**
 * Whether `actor` may undo the coupon's redemption at `at` (now, unless told): the mirror of
 * `changeCoupon`'s undo (its starting status and `whoMay`) for a screen that offers the undo before
 * it is pressed. visible-state.test.ts runs every combination through both.
 */
export function mayUndo(
  coupon: { status: CouponStatus; redeemedBy: number | null; redeemedAt: Date | null },
  actor: CouponActor,
  at = new Date(),
): boolean {
  if (refusalOf({ status: coupon.status, expired: false, refundRequested: false }, 'undo')) return false;
  if (actor.kind === 'admin') return true;
  return (
    actor.kind === 'partner' &&
    coupon.redeemedBy === actor.id &&
    coupon.redeemedAt !== null &&
    coupon.redeemedAt.getTime() > at.getTime() - UNDO_WINDOW_MINUTES * 60_000
  );
}

/** Which coupon: by id, by QR token, or every coupon of a payment. */
export type CouponSelector = { id?: string; qrToken?: string; paymentId?: string };

/** A partner redeems only the coupons of the companies they act for. */
const soldByOneOf = (partnerIds: readonly number[]) =>
  sql`EXISTS (SELECT 1 FROM ${coupons} WHERE ${coupons.id} = ${purchasedCoupons.couponId}
       AND ${inArray(coupons.partnerId, [...partnerIds, -1])})`;

/** What must also hold for a change beyond its starting status. */
function alsoRequired(change: CouponChange, asOf?: Date): SQL | undefined {
  switch (change) {
    case 'redeem':
      return sql`${visibleStateAt(asOf)} = 'NOT_USED'`;
    case 'gift':
    case 'hold':
      return sql`${visibleStateNow} = 'NOT_USED'`;
    case 'refund':
      // A refund is told once: a repeated notification changes nothing.
      return isNull(purchasedCoupons.refundedAt);
    default:
      return undefined;
  }
}

function whoMay(change: CouponChange, actor: CouponActor): SQL | undefined {
  const allowed: readonly string[] = COUPON_CHANGES[change].by;
  if (!allowed.includes(actor.kind)) return undefined;
  if (actor.kind === 'admin' || actor.kind === 'payment-provider' || actor.kind === 'system')
    return sql`true`;
  if (change === 'gift' || change === 'hold' || change === 'unhold')
    return eq(purchasedCoupons.ownerId, actor.id);
  if (change === 'redeem' && actor.kind === 'partner') return soldByOneOf(actor.partnerIds);
  // undo: only the redeemer's own redemption, and only for a while.
  return and(
    eq(purchasedCoupons.redeemedBy, actor.id),
    sql`${purchasedCoupons.redeemedAt} > now() - make_interval(mins => ${UNDO_WINDOW_MINUTES})`,
  );
}

/** What each change writes; `gift` adds the new owner and token its caller gives. */
function writesOf(change: CouponChange, actor: CouponActor) {
  switch (change) {
    case 'redeem':
      return { status: 'USED' as const, redeemedAt: sql`now()`, redeemedBy: 'id' in actor ? actor.id : null };
    case 'undo':
      return {
        status: sql`CASE WHEN ${purchasedCoupons.refundedAt} IS NULL THEN 'NOT_USED' ELSE 'REFUNDED' END::purchased_coupon_status`,
        redeemedAt: null,
        redeemedBy: null,
      };
    case 'refund':
      return {
        status: sql`CASE WHEN ${purchasedCoupons.status} = 'NOT_USED' THEN 'REFUNDED' ELSE ${purchasedCoupons.status} END`,
        refundedAt: sql`now()`,
        refundRequestedAt: null,
      };
    case 'void':
      return { status: 'VOID' as const };
    case 'hold':
      return { status: 'HELD' as const };
    case 'claim':
    case 'unhold':
      return { status: 'NOT_USED' as const };
    case 'gift':
      return {};
  }
}

/**
 * Closes an unused coupon to redeeming while an admin's refund is with the provider, or opens it
 * again when the provider refused; returns whether the coupon was in the state to be held.
 */
export async function holdForRefund(
  executor: Pick<Db, 'update'>,
  id: string,
  held: boolean,
): Promise<boolean> {
  const rows = await executor
    .update(purchasedCoupons)
    .set({ refundRequestedAt: held ? sql`now()` : null })
    .where(
      and(
        eq(purchasedCoupons.id, id),
        held ? inArray(purchasedCoupons.status, [...REFUND_REQUEST_FROM]) : undefined,
      ),
    )
    .returning({ id: purchasedCoupons.id });
  return rows.length > 0;
}

/**
 * Makes one change of the table above, if the coupon is where the change starts and the actor may
 * make it; returns the coupons changed (none when refused or lost to a simultaneous change).
 */
export function changeCoupon(
  executor: Pick<Db, 'update'>,
  change: CouponChange,
  actor: CouponActor,
  which: CouponSelector,
  also: Partial<typeof purchasedCoupons.$inferInsert> = {},
  /** A redemption made earlier with no signal: its expiry is checked at that moment. */
  options: { asOf?: Date } = {},
) {
  const allowed = whoMay(change, actor);
  const conditions = [
    inArray(purchasedCoupons.status, [...COUPON_CHANGES[change].from]),
    allowed ?? sql`false`,
    which.id !== undefined ? eq(purchasedCoupons.id, which.id) : undefined,
    which.qrToken !== undefined ? eq(purchasedCoupons.qrToken, which.qrToken) : undefined,
    which.paymentId !== undefined ? eq(purchasedCoupons.paymentId, which.paymentId) : undefined,
    alsoRequired(change, options.asOf),
  ];
  if (which.id === undefined && which.qrToken === undefined && which.paymentId === undefined) {
    throw new Error('changeCoupon needs a coupon to change');
  }
  return executor
    .update(purchasedCoupons)
    .set({ ...writesOf(change, actor), ...also })
    .where(and(...conditions))
    .returning({
      id: purchasedCoupons.id,
      status: purchasedCoupons.status,
      ownerId: purchasedCoupons.ownerId,
      couponId: purchasedCoupons.couponId,
      qrToken: purchasedCoupons.qrToken,
    });
}
