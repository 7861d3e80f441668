import type { NotificationService } from '../notifications/notifications.service.ts';
import { ratingKeyboard } from '../ratings/rating-buttons.ts';
import type { RedemptionEffect } from './redeem.ts';

/**
 * What every redemption sets going, online or synced (redeem.ts runs them in its transaction): the
 * owner's «погашен» message and the ask to rate the visit, each once per redemption by its key.
 * Whatever else a redemption is to trigger (the receipts issue's closing receipt) is added here.
 */
export const redemptionEffects = (
  notifications: Pick<NotificationService, 'notifyCouponRedeemed' | 'askVisitRating'>,
): readonly RedemptionEffect[] => [
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
