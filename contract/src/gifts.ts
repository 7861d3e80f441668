export const GIFT_TO_SELF = 'Нельзя отправить купон себе!!';
export const GIFT_FRIEND_NOT_FOUND = 'Человек с таким юзернеймом не состоит в чате, либо его не существует.';
export const GIFT_COUPON_UNAVAILABLE = 'Этот купон уже использован или больше не ваш';

/** The `error` codes of gifting. */
export const GiftErrorCode = {
  toSelf: 'gift_to_self',
  friendNotFound: 'friend_not_found',
  couponUnavailable: 'coupon_unavailable',
} as const;
