export const GIFT_TO_SELF = 'Нельзя отправить купон себе!!';
export const GIFT_FRIEND_NOT_FOUND = 'Человек с таким юзернеймом не состоит в чате, либо его не существует.';
export const GIFT_COUPON_UNAVAILABLE = 'Этот купон уже использован или больше не ваш';
