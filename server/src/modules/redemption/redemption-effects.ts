import type { ClosingReceipts } from '../closing-receipts/closing-receipts.service.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { ratingKeyboard } from '../ratings/rating-buttons.ts';
import type { RedemptionEffect, UndoEffect } from './redeem.ts';

/**
 * What every redemption sets going, online or synced (redeem.ts runs them in its transaction): the
 * «зачет предоплаты» receipt a coupon sold as a prepayment owes (once per coupon), the owner's
 * «погашен» message and the ask to rate the visit (each once per redemption by its key). Whatever
 * else a redemption is to trigger is added here.
 */
export const redemptionEffects = (
  notifications: Pick<NotificationService, 'notifyCouponRedeemed' | 'askVisitRating'>,
  closingReceipts: Pick<ClosingReceipts, 'redeemed'>,
): readonly RedemptionEffect[] => [
  (tx, redemption) => closingReceipts.redeemed(tx, redemption.purchasedCouponId),
  (tx, redemption) =>
    notifications.notifyCouponRedeemed(
      { redemptionId: redemption.redemptionId, ownerId: redemption.ownerId, coupon: redemption.coupon },
      tx,
    ),
  (tx, redemption) =>
    notifications.askVisitRating(
      {
        purchasedCouponId: redemption.purchasedCouponId,
        ownerId: redemption.ownerId,
        coupon: redemption.coupon,
        keyboard: ratingKeyboard(redemption.purchasedCouponId),
      },
      tx,
    ),
];

/** What an undone redemption takes back: its closing receipt, while it was never tried. */
export const undoEffects = (closingReceipts: Pick<ClosingReceipts, 'undone'>): readonly UndoEffect[] => [
  (tx, purchasedCouponId) => closingReceipts.undone(tx, purchasedCouponId),
];
