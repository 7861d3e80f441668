import type { TScanStatus } from '#contract/redemption';
import type { Db } from '../../db/client.ts';
import { redemptions } from '../../db/schema.ts';
import { recordAudit, subjectOf } from '../audit/audit-log.ts';
import { changeCoupon } from '../purchased-coupons/coupon-state.ts';
import { type CouponLine, nameOf } from '../purchased-coupons/purchased-coupons.query.ts';
import { formatCouponDate } from '../purchased-coupons/qr.ts';
import { couponOfToken, type TokenCoupon, tokenStatusOf } from '../purchased-coupons/token-coupon.ts';
import type { MembershipService } from '../users/membership.service.ts';
import { actorOf, mayRedeem, type Redeemer } from './redeemer.ts';

export type RedeemResult = (typeof redemptions.$inferInsert)['result'];
/** Why a redeem was refused, as its attempt is recorded. */
export type RedeemRefusal = Exclude<RedeemResult, 'REDEEMED' | 'UNDONE' | 'NOT_ALLOWED'>;

export interface RedeemInput {
  token: string;
  redeemer: Redeemer;
  /** When a partner's device redeemed it with no signal: its expiry is judged then, and it is dated so. */
  at?: Date;
  /** The device's nonce of a redemption made with no signal. */
  nonce?: string;
}

/** A redemption made: what everything it sets going is told. */
export interface Redemption {
  purchasedCouponId: string;
  /** Its attempt in `redemptions`: a coupon redeemed, undone and redeemed again is two. */
  redemptionId: number;
  ownerId: number;
  redeemerId: number;
  /** When it was made: now, or on the device with no signal. */
  at: Date;
  /** Made with no signal and synced by this nonce. */
  nonce?: string;
  coupon: CouponLine;
}

/**
 * Something every redemption sets going, online or synced, written in the redemption's own
 * transaction (messages through the outbox, sent after the commit): redemption-effects.ts lists
 * them. A feature that follows a redemption (the closing receipt, written down) is one more.
 */
export type RedemptionEffect = (tx: Db, redemption: Redemption) => Promise<void>;

/**
 * Something a redemption sets going once its transaction has committed, never inside it: what
 * waits on an outside service (YooKassa's closing receipt). Started, not awaited: best effort, its
 * own sweep sending again what did not go.
 */
export type CommittedEffect = (redemption: Redemption) => void;

/**
 * A redemption undone: what its undo sets going (redemption-effects.ts). `coupon` is null when the
 * undo left the coupon void (its money was returned meanwhile), not valid again.
 */
export interface Undone {
  /** The undo's attempt in `redemptions`. */
  undoId: number;
  purchasedCouponId: string;
  ownerId: number;
  coupon: CouponLine | null;
}
export type UndoEffect = (tx: Db, undone: Undone) => Promise<void>;

/** What the coupon of a refused redeem is, for its own company: its state, and when and by whom. */
export interface RefusedCoupon {
  purchasedCouponId: string;
  status: TScanStatus;
  redeemedAt: Date | null;
  redeemedBy: string | null;
  giftedAwayAt: Date | null;
}

export type RedeemOutcome =
  | { outcome: 'redeemed'; redemption: Redemption }
  | { outcome: 'refused'; result: RedeemRefusal; coupon?: RefusedCoupon };

/** The attempt's result for a coupon that is not NOT_USED: its expiry, its refund, or «used». */
const resultOf = (status: TScanStatus): RedeemRefusal =>
  status === 'EXPIRED' || status === 'REFUND_PENDING' ? status : 'ALREADY_USED';

function refusedCoupon(found: TokenCoupon, status: TScanStatus): RefusedCoupon {
  const { coupon, replaced } = found;
  return {
    purchasedCouponId: coupon.id,
    status,
    redeemedAt: status === 'USED' ? coupon.redeemedAt : null,
    redeemedBy:
      status === 'USED' && coupon.redeemerFirstName !== null
        ? nameOf(coupon.redeemerUsername, coupon.redeemerFirstName)
        : null,
    giftedAwayAt: replaced?.at ?? null,
  };
}

/**
 * Redeeming a coupon, the one operation the partner's «Погасить QR» and the sync of redemptions
 * made with no signal both call, and its undo. The same checks (the token's coupon, whose company
 * it is, its state as of the redemption's moment) and the same effects in one transaction: the
 * coupon USED by one conditional UPDATE (of any number of simultaneous attempts exactly one
 * wins), the attempt and the audit row, every `RedemptionEffect`; the photo of its QR in the
 * owner's chat is recaptioned by the trigger the status change fires (migration 0020). Once it has
 * committed, every `CommittedEffect`.
 */
export function createRedeeming(options: {
  db: Db;
  membership: Pick<MembershipService, 'isChatMember'>;
  effects: readonly RedemptionEffect[];
  /** Run once the redemption has committed: `committed` runs them. */
  committedEffects?: readonly CommittedEffect[];
  /** Run in an undo's transaction, whatever became of the coupon (valid again, or void). */
  undoEffects?: readonly UndoEffect[];
  /** Where the day a coupon was bought is counted, which its owner's messages name it by. */
  timeZone: string;
}) {
  const { db, membership, effects, committedEffects = [], undoEffects = [], timeZone } = options;

  /** The coupon as its owner's messages name it: bought on which day, as its QR says. */
  const lineOf = (coupon: TokenCoupon['coupon']): CouponLine => ({
    companyName: coupon.companyName,
    discount: coupon.discount,
    region: coupon.region,
    boughtOn: formatCouponDate(coupon.purchasedAt, timeZone),
  });

  const record = (
    executor: Pick<Db, 'insert'>,
    redeemer: Redeemer,
    qrToken: string,
    result: RedeemResult,
    purchasedCouponId?: string,
  ) =>
    executor
      .insert(redemptions)
      .values({ qrToken, userId: redeemer.id, result, purchasedCouponId })
      .returning({ id: redemptions.id });

  /** The checks and effects, in the caller's transaction: the sync's, which also holds its nonce there. */
  async function redeemIn(tx: Db, input: RedeemInput): Promise<RedeemOutcome> {
    const { token, redeemer, at, nonce } = input;
    const found = await couponOfToken(tx, token);
    const refuse = async (result: RedeemRefusal, coupon?: RefusedCoupon): Promise<RedeemOutcome> => {
      await record(tx, redeemer, token, result, found?.coupon.id);
      return { outcome: 'refused', result, ...(coupon ? { coupon } : {}) };
    };
    if (!found) return refuse('UNKNOWN_TOKEN');
    if (!mayRedeem(redeemer, found.coupon.partnerId)) return refuse('OTHER_COMPANY');
    const status = tokenStatusOf(found, at);
    if (status !== 'NOT_USED') return refuse(resultOf(status), refusedCoupon(found, status));

    const [changed] = await changeCoupon(
      tx,
      'redeem',
      actorOf(redeemer),
      { id: found.coupon.id, qrToken: token },
      at ? { redeemedAt: at } : {},
      at ? { asOf: at } : {},
    );
    if (!changed) {
      // Lost to a simultaneous change: told as the coupon stands now.
      const now = await couponOfToken(tx, token);
      const lostTo = now ? tokenStatusOf(now, at) : 'USED';
      return refuse(resultOf(lostTo), now && refusedCoupon(now, lostTo));
    }
    const [attempt] = await record(tx, redeemer, token, 'REDEEMED', changed.id);
    if (!attempt) throw new Error('insert returned no row');
    await recordAudit(tx, {
      kind: 'coupon.redeemed',
      actorId: redeemer.id,
      subject: subjectOf.purchase(changed.id),
      ...(nonce && at ? { details: { offline: true, nonce, redeemedAt: at.toISOString() } } : {}),
    });
    const { coupon } = found;
    const redemption: Redemption = {
      purchasedCouponId: changed.id,
      redemptionId: attempt.id,
      ownerId: changed.ownerId,
      redeemerId: redeemer.id,
      at: at ?? new Date(),
      ...(nonce ? { nonce } : {}),
      coupon: lineOf(coupon),
    };
    for (const effect of effects) await effect(tx, redemption);
    return { outcome: 'redeemed', redemption };
  }

  /** What a redemption sets going once committed: its caller's to call, after its own commit. */
  function committed(redemption: Redemption): void {
    for (const effect of committedEffects) effect(redemption);
  }

  /**
   * A redemption made now, at the partner's screen. SPEC §1: using a QR needs membership of the
   * community chat, asked of Telegram before the transaction opens. A redemption synced from a
   * device with no signal (redeemIn) was made when nobody could ask, and stands on the rest.
   */
  async function redeem(input: Omit<RedeemInput, 'at' | 'nonce'>): Promise<RedeemOutcome> {
    const found = await couponOfToken(db, input.token);
    if (
      found &&
      mayRedeem(input.redeemer, found.coupon.partnerId) &&
      tokenStatusOf(found) === 'NOT_USED' &&
      !(await membership.isChatMember(found.coupon.ownerId))
    ) {
      await record(db, input.redeemer, input.token, 'OWNER_NOT_MEMBER', found.coupon.id);
      return { outcome: 'refused', result: 'OWNER_NOT_MEMBER' };
    }
    const done = await db.transaction((tx) => redeemIn(tx, input));
    if (done.outcome === 'redeemed') committed(done.redemption);
    return done;
  }

  /**
   * Undoes a mistaken redemption: its partner within ten minutes, an admin at any time. A coupon
   * whose payment was refunded meanwhile becomes void, never valid again (purchased-coupons/coupon-state.ts).
   */
  async function undo(redeemer: Redeemer, qrToken: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [row] = await changeCoupon(tx, 'undo', actorOf(redeemer), { qrToken });
      if (row) {
        const [attempt] = await record(tx, redeemer, qrToken, 'UNDONE', row.id);
        await recordAudit(tx, {
          kind: 'coupon.undone',
          actorId: redeemer.id,
          subject: subjectOf.purchase(row.id),
          details: { status: row.status },
        });
        const found = row.status === 'NOT_USED' ? await couponOfToken(tx, qrToken) : undefined;
        if (attempt) {
          const coupon = found ? lineOf(found.coupon) : null;
          const undone = { undoId: attempt.id, purchasedCouponId: row.id, ownerId: row.ownerId, coupon };
          for (const effect of undoEffects) await effect(tx, undone);
        }
      }
      return row !== undefined;
    });
  }

  /** An attempt the route refused before the coupon was even looked at (not a partner, another name). */
  async function recordNotAllowed(userId: number, qrToken: string): Promise<void> {
    const found = await couponOfToken(db, qrToken);
    await record(
      db,
      { id: userId, isAdmin: false, partnerIds: [] },
      qrToken,
      'NOT_ALLOWED',
      found?.coupon.id,
    );
  }

  return { redeem, redeemIn, committed, undo, recordNotAllowed };
}

export type Redeeming = ReturnType<typeof createRedeeming>;
