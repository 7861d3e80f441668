import { and, eq, getTableColumns, lte, sql } from 'drizzle-orm';
import { GiftErrorCode, HELD_GIFT_DAYS, heldGiftUntil, type TGiftResponse } from '#contract/gifts';
import type { TMessenger } from '#contract/messengers';
import type { Db } from '../../db/client.ts';
import { gifts, purchasedCoupons, users as usersTable } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { runEffects } from '../purchased-coupons/coupon-effects.ts';
import { type CouponActor, changeCoupon, refusalOf } from '../purchased-coupons/coupon-state.ts';
import { couponLineOf } from '../purchased-coupons/purchased-coupons.query.ts';
import { newQrToken } from '../purchased-coupons/qr.ts';
import { couponStateOf } from '../purchased-coupons/visible-state.ts';
import type { MembershipService } from '../users/membership.service.ts';
import { normalizeUsername, type UserService } from '../users/users.service.ts';
import { claimEffects, giftEffects, holdEffects, unholdEffects } from './gift-effects.ts';
import { heldForUser } from './held-for-user.ts';
import type { GiftRefusal } from './texts.ts';

type GiftRow = typeof gifts.$inferSelect;

const refuse = (code: GiftRefusal) => new DomainError<GiftRefusal>(code);

/**
 * Gifts between members of the chat. A known member gets the coupon at once; a username the app
 * has not seen yet gets it held until they open the app as a member, or for seven days (ADR 0012).
 */
export function createGiftService(options: {
  db: Db;
  users: UserService;
  membership: MembershipService;
  notifications: NotificationService;
  /**
   * A coupon's QR image for its new token, drawn ahead of its first view (purchased-coupons/
   * qr-images.ts); not for a held gift, whose token nobody sees and its claim replaces.
   */
  drawQrSoon: (purchasedCouponId: string) => void;
}) {
  const { db, users, membership, notifications, drawQrSoon } = options;
  const gifted = giftEffects(notifications);
  const claimed = claimEffects(notifications, users);
  const unheld = unholdEffects(notifications);

  /** Why the giver's coupon could not be given: its refund is under way, its last day passed, or it is used or not theirs. */
  async function whyNotGiven(giverId: number, purchasedCouponId: string, change: 'gift' | 'hold') {
    const [coupon] = await db
      .select({
        status: purchasedCoupons.status,
        expiresAt: purchasedCoupons.expiresAt,
        refundRequestedAt: purchasedCoupons.refundRequestedAt,
      })
      .from(purchasedCoupons)
      .where(and(eq(purchasedCoupons.id, purchasedCouponId), eq(purchasedCoupons.ownerId, giverId)));
    const refusal = coupon && refusalOf(couponStateOf(coupon), change);
    if (refusal === 'REFUND_PENDING') return GiftErrorCode.refundPending;
    if (refusal === 'EXPIRED') return GiftErrorCode.couponExpired;
    return GiftErrorCode.couponUnavailable;
  }

  /**
   * Gives an unused coupon to a friend: moved at once to a known member, held for an unknown
   * username. Either way the coupon gets a new QR token, so the giver's old QR stops working. The
   * friend's username is one of the giver's messenger (Telegram when unsaid): the gift screen asks
   * for it in the messenger it was opened in.
   */
  async function giftCoupon(
    giver: { id: number; username: string | null; firstName: string; messenger?: TMessenger },
    purchasedCouponId: string,
    friendUsername: string,
  ): Promise<TGiftResponse> {
    const friendName = normalizeUsername(friendUsername);
    if (giver.username && normalizeUsername(giver.username) === friendName)
      throw refuse(GiftErrorCode.toSelf);
    const messenger = giver.messenger ?? 'telegram';
    const friend = await users.findByUsername(friendName, messenger);
    if (friend && (friend.id === giver.id || !(await membership.isChatMember(friend.id)))) {
      throw refuse(GiftErrorCode.friendNotFound);
    }
    const owner = { kind: 'owner', id: giver.id } as const;

    const outcome = await db.transaction(async (tx) => {
      if (!friend) {
        const [coupon] = await changeCoupon(
          tx,
          'hold',
          owner,
          { id: purchasedCouponId },
          { qrToken: newQrToken(), qrPng: null },
        );
        if (!coupon) return undefined;
        const [gift] = await tx
          .insert(gifts)
          .values({
            purchasedCouponId,
            fromUserId: giver.id,
            toUsername: friendName,
            toMessenger: messenger,
            status: 'HELD',
          })
          .returning({ id: gifts.id, createdAt: gifts.createdAt });
        if (!gift) throw new Error('insert returned no row');
        await runEffects(tx, holdEffects, { giftId: gift.id, purchasedCouponId, giverId: giver.id });
        return {
          status: 'held' as const,
          giftId: gift.id,
          heldUntil: heldGiftUntil(gift.createdAt).toISOString(),
        };
      }
      const [coupon] = await changeCoupon(
        tx,
        'gift',
        owner,
        { id: purchasedCouponId },
        { ownerId: friend.id, qrToken: newQrToken(), qrPng: null },
      );
      if (!coupon) return undefined;
      const [gift] = await tx
        .insert(gifts)
        .values({ purchasedCouponId, fromUserId: giver.id, toUserId: friend.id })
        .returning({ id: gifts.id });
      if (!gift) throw new Error('insert returned no row');
      await runEffects(tx, gifted, {
        giftId: gift.id,
        purchasedCouponId,
        giver,
        toUserId: friend.id,
        coupon: await couponLineOf(tx, purchasedCouponId),
      });
      return { status: 'sent' as const, giftId: gift.id };
    });
    if (!outcome) throw refuse(await whyNotGiven(giver.id, purchasedCouponId, friend ? 'gift' : 'hold'));
    if (outcome.status === 'sent') drawQrSoon(purchasedCouponId);
    return outcome;
  }

  /**
   * Settles a held gift once: the gift row's conditional update decides between a claim, a cancel
   * and a return made at the same moment, and only its winner moves the coupon.
   */
  async function settleHeld(
    tx: Db,
    gift: GiftRow,
    outcome: 'CLAIMED' | 'CANCELED' | 'RETURNED',
    actor: CouponActor,
    claimantId?: number,
  ): Promise<boolean> {
    const [won] = await tx
      .update(gifts)
      .set({ status: outcome, settledAt: sql`now()`, ...(claimantId ? { toUserId: claimantId } : {}) })
      .where(and(eq(gifts.id, gift.id), eq(gifts.status, 'HELD')))
      .returning({ id: gifts.id });
    if (!won) return false;
    const [coupon] = await changeCoupon(
      tx,
      outcome === 'CLAIMED' ? 'claim' : 'unhold',
      actor,
      { id: gift.purchasedCouponId },
      { qrToken: newQrToken(), qrPng: null, ...(claimantId ? { ownerId: claimantId } : {}) },
    );
    if (!coupon) throw new Error(`held gift ${gift.id}: its coupon is not held`);
    const settled = { gift, outcome, claimantId, coupon: await couponLineOf(tx, gift.purchasedCouponId) };
    await runEffects(tx, outcome === 'CLAIMED' ? claimed : unheld, settled);
    return true;
  }

  /**
   * Gifts held for the caller's username become theirs when they open the app as a chat member.
   * The username is the one the database holds for them now (ADR 0004: newer news wins), never
   * one from an old init data. Costs one indexed read when nothing waits, none when the caller's
   * row, read a moment ago (users/caller-row.ts), says nothing does.
   */
  async function claimHeldGifts(userId: number, known?: { heldGiftWaits: boolean }): Promise<number> {
    if (known?.heldGiftWaits === false) return 0;
    const claimable = await db
      .select(getTableColumns(gifts))
      .from(gifts)
      .innerJoin(usersTable, heldForUser)
      .where(eq(usersTable.id, userId));
    if (claimable.length === 0 || !(await membership.isChatMember(userId))) return 0;
    let claimed = 0;
    for (const gift of claimable) {
      const done = await db.transaction(async (tx) => {
        // The username is read again inside: a claim races a rename no better than a cancel.
        const current = await users.usernameOf(userId, tx);
        if (!current || normalizeUsername(current) !== normalizeUsername(gift.toUsername ?? '')) return false;
        return settleHeld(tx, gift, 'CLAIMED', { kind: 'system' }, userId);
      });
      if (done) {
        claimed += 1;
        drawQrSoon(gift.purchasedCouponId);
      }
    }
    return claimed;
  }

  /** The giver's «Отменить» while the gift still waits: the coupon comes back with a new QR. */
  async function cancelHeldGift(giverId: number, giftId: number): Promise<void> {
    const returnedCoupon = await db.transaction(async (tx) => {
      const [gift] = await tx
        .select()
        .from(gifts)
        .where(and(eq(gifts.id, giftId), eq(gifts.fromUserId, giverId)));
      if (!gift || !(await settleHeld(tx, gift, 'CANCELED', { kind: 'owner', id: giverId })))
        return undefined;
      return gift.purchasedCouponId;
    });
    if (!returnedCoupon) throw refuse(GiftErrorCode.giftNotHeld);
    drawQrSoon(returnedCoupon);
  }

  /** Held gifts nobody claimed in seven days go back to their givers (the background sweep). */
  async function returnUnclaimedGifts(): Promise<number> {
    const stale = await db
      .select()
      .from(gifts)
      .where(
        and(
          eq(gifts.status, 'HELD'),
          lte(gifts.createdAt, sql`now() - make_interval(days => ${HELD_GIFT_DAYS})`),
        ),
      )
      .limit(100);
    let returned = 0;
    for (const gift of stale) {
      if (await db.transaction((tx) => settleHeld(tx, gift, 'RETURNED', { kind: 'system' }))) {
        returned += 1;
        drawQrSoon(gift.purchasedCouponId);
      }
    }
    return returned;
  }

  /** The caller's gifts still waiting for their addressee. */
  const heldGiftsOf = (giverId: number) =>
    db
      .select({
        giftId: gifts.id,
        purchasedCouponId: gifts.purchasedCouponId,
        toUsername: gifts.toUsername,
        createdAt: gifts.createdAt,
      })
      .from(gifts)
      .where(and(eq(gifts.fromUserId, giverId), eq(gifts.status, 'HELD')));

  return { giftCoupon, claimHeldGifts, cancelHeldGift, returnUnclaimedGifts, heldGiftsOf };
}

export type GiftService = ReturnType<typeof createGiftService>;
