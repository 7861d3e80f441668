import { ErrorCode } from '#contract/errors';
import { GIFT_COUPON_UNAVAILABLE, GIFT_FRIEND_NOT_FOUND, GIFT_TO_SELF, GiftErrorCode } from '#contract/gifts';
import type { Refusals } from '../../http/errors.ts';

// The web shows the spec's texts itself too: they live in the contract, and this table points at them.
export const giftRefusals = {
  [GiftErrorCode.toSelf]: { status: 400, message: GIFT_TO_SELF },
  [GiftErrorCode.friendNotFound]: { status: 404, message: GIFT_FRIEND_NOT_FOUND },
  [GiftErrorCode.couponUnavailable]: { status: 409, message: GIFT_COUPON_UNAVAILABLE },
  [GiftErrorCode.giftNotHeld]: {
    status: 409,
    message: 'Подарок уже получен или отменен: отменить его нельзя',
  },
  gift_of_own_coupon_only: {
    status: 403,
    error: ErrorCode.forbidden,
    message: 'Подарить можно только свой купон',
  },
} satisfies Refusals;
export type GiftRefusal = keyof typeof giftRefusals;
