import { GiftErrorCode } from '#contract/gifts';
import type { Db } from '../../db/client.ts';
import { gifts } from '../../db/schema.ts';
import { DomainError } from '../../http/errors.ts';
import { recordAudit, subjectOf } from '../audit/audit-log.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { changeCoupon } from '../purchased-coupons/coupon-state.ts';
import { couponLineOf } from '../purchased-coupons/purchased-coupons.query.ts';
import { newQrToken } from '../purchased-coupons/qr.ts';
import type { MembershipService } from '../users/membership.service.ts';
import { normalizeUsername, type UserService } from '../users/users.service.ts';
import type { GiftRefusal } from './texts.ts';

export function createGiftService(options: {
  db: Db;
  users: UserService;
  membership: MembershipService;
  notifications: Pick<NotificationService, 'notifyGiftReceived'>;
}) {
  const { db, users, membership, notifications } = options;

  /**
   * Moves an unused coupon from its owner to a friend in the chat, in one transaction with a
   * history row; the coupon gets a new QR token so the giver's old QR stops working.
   */
  async function giftCoupon(
    giver: { id: number; username: string | null; firstName: string },
    purchasedCouponId: string,
    friendUsername: string,
  ) {
    const friendName = normalizeUsername(friendUsername);
    if (giver.username && normalizeUsername(giver.username) === friendName) {
      throw new DomainError<GiftRefusal>(GiftErrorCode.toSelf);
    }
    const friend = await users.findByUsername(friendName);
    if (!friend || friend.id === giver.id || !(await membership.isChatMember(friend.id))) {
      throw new DomainError<GiftRefusal>(GiftErrorCode.friendNotFound);
    }

    const moved = await db.transaction(async (tx) => {
      const [coupon] = await changeCoupon(
        tx,
        'gift',
        { kind: 'owner', id: giver.id },
        { id: purchasedCouponId },
        { ownerId: friend.id, qrToken: newQrToken(), qrPng: null },
      );
      if (!coupon) return false;
      const [gift] = await tx
        .insert(gifts)
        .values({ purchasedCouponId, fromUserId: giver.id, toUserId: friend.id })
        .returning({ id: gifts.id });
      await recordAudit(tx, {
        kind: 'coupon.gifted',
        actorId: giver.id,
        subject: subjectOf.purchase(purchasedCouponId),
        details: { toUserId: friend.id },
      });
      const line = await couponLineOf(tx, purchasedCouponId);
      if (gift && line) {
        await notifications.notifyGiftReceived(
          {
            giftId: gift.id,
            toUserId: friend.id,
            fromUsername: giver.username,
            fromFirstName: giver.firstName,
            coupon: line,
          },
          tx,
        );
      }
      return true;
    });
    if (!moved) throw new DomainError<GiftRefusal>(GiftErrorCode.couponUnavailable);
    return { purchasedCouponId, fromUserId: giver.id, toUserId: friend.id };
  }

  return { giftCoupon };
}

export type GiftService = ReturnType<typeof createGiftService>;
