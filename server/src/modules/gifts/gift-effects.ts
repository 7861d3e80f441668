import type { gifts } from '../../db/schema.ts';
import { recordAudit, subjectOf } from '../audit/audit-log.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import type { CouponEffect } from '../purchased-coupons/coupon-effects.ts';
import type { CouponLine } from '../purchased-coupons/purchased-coupons.query.ts';
import type { UserService } from '../users/users.service.ts';

/** A coupon given at once to a member the app knows. */
export interface Gifted {
  giftId: number;
  purchasedCouponId: string;
  giver: { id: number; username: string | null; firstName: string };
  toUserId: number;
  /** Undefined only for a coupon whose offer is gone: nobody is told of it. */
  coupon: CouponLine | undefined;
}

/** A coupon held for a username the app has not seen yet. */
export interface Held {
  giftId: number;
  purchasedCouponId: string;
  giverId: number;
}

/** A held gift settled: claimed by its addressee, canceled by its giver, or returned after seven days. */
export interface Settled {
  gift: typeof gifts.$inferSelect;
  outcome: 'CLAIMED' | 'CANCELED' | 'RETURNED';
  /** Who claimed it. */
  claimantId?: number;
  coupon: CouponLine | undefined;
}

const subjectOfGift = (change: { purchasedCouponId: string } | { gift: { purchasedCouponId: string } }) =>
  subjectOf.purchase('gift' in change ? change.gift.purchasedCouponId : change.purchasedCouponId);

/** What a gift to a known member sets going: its audit row and the friend's «вам подарили». */
export const giftEffects = (
  notifications: Pick<NotificationService, 'notify'>,
): readonly CouponEffect<Gifted>[] => [
  (tx, gifted) =>
    recordAudit(tx, {
      kind: 'coupon.gifted',
      actorId: gifted.giver.id,
      subject: subjectOfGift(gifted),
      details: { toUserId: gifted.toUserId },
    }),
  async (tx, { giftId, toUserId, giver, coupon }) => {
    if (!coupon) return;
    await notifications.notify(
      'GIFT_RECEIVED',
      { giftId, toUserId, fromUsername: giver.username, fromFirstName: giver.firstName, coupon },
      tx,
    );
  },
];

/** What a gift held for an unseen username sets going: its audit row (the giver's screen says the rest). */
export const holdEffects: readonly CouponEffect<Held>[] = [
  (tx, held) =>
    recordAudit(tx, {
      kind: 'coupon.gift_held',
      actorId: held.giverId,
      subject: subjectOfGift(held),
      details: { giftId: held.giftId },
    }),
];

const SETTLED_KINDS = {
  CLAIMED: 'coupon.gift_claimed',
  CANCELED: 'coupon.gift_canceled',
  RETURNED: 'coupon.gift_returned',
} as const;

/** The audit row of a held gift settled, naming who settled it (nobody: the seven days ran out). */
const settledAudit: CouponEffect<Settled> = (tx, settled) =>
  recordAudit(tx, {
    kind: SETTLED_KINDS[settled.outcome],
    actorId: settled.outcome === 'CANCELED' ? settled.gift.fromUserId : (settled.claimantId ?? null),
    subject: subjectOfGift(settled),
    details: { giftId: settled.gift.id },
  });

/** What a claim sets going: its audit row, the giver told it was taken, the addressee told it is theirs. */
export const claimEffects = (
  notifications: Pick<NotificationService, 'notify'>,
  users: Pick<UserService, 'usernameOf'>,
): readonly CouponEffect<Settled>[] => [
  settledAudit,
  async (tx, { gift, coupon }) => {
    if (!coupon) return;
    await notifications.notify(
      'GIFT_CLAIMED',
      { giftId: gift.id, giverId: gift.fromUserId, toUsername: gift.toUsername ?? '', coupon },
      tx,
    );
  },
  async (tx, { gift, claimantId, coupon }) => {
    if (!coupon || !claimantId) return;
    await notifications.notify(
      'GIFT_RECEIVED',
      {
        giftId: gift.id,
        toUserId: claimantId,
        fromUsername: await users.usernameOf(gift.fromUserId, tx),
        coupon,
      },
      tx,
    );
  },
];

/**
 * What a held gift coming back sets going: its audit row, and the giver told when the seven days
 * returned it (a giver who canceled it knows).
 */
export const unholdEffects = (
  notifications: Pick<NotificationService, 'notify'>,
): readonly CouponEffect<Settled>[] => [
  settledAudit,
  async (tx, { gift, outcome, coupon }) => {
    if (!coupon || outcome !== 'RETURNED') return;
    await notifications.notify(
      'GIFT_RETURNED',
      { giftId: gift.id, giverId: gift.fromUserId, toUsername: gift.toUsername ?? '', coupon },
      tx,
    );
  },
];
