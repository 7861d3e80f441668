import { ErrorCode } from '#contract/errors';
import {
  GIFT_COUPON_EXPIRED,
  GIFT_COUPON_UNAVAILABLE,
  GIFT_FRIEND_NOT_FOUND,
  GIFT_REFUND_PENDING,
  GIFT_TO_SELF,
  GiftErrorCode,
} from '#contract/gifts';
import { PurchaseErrorCode } from '#contract/purchases';
import type { Refusals } from '../../http/errors.ts';
import type { CouponLine } from '../purchased-coupons/purchased-coupons.query.ts';

// The web shows the spec's texts itself too: they live in the contract, and this table points at them.
export const giftRefusals = {
  [GiftErrorCode.toSelf]: { status: 400, message: GIFT_TO_SELF },
  [GiftErrorCode.friendNotFound]: { status: 404, message: GIFT_FRIEND_NOT_FOUND },
  [GiftErrorCode.couponUnavailable]: { status: 409, message: GIFT_COUPON_UNAVAILABLE },
  [GiftErrorCode.couponExpired]: { status: 409, message: GIFT_COUPON_EXPIRED },
  [GiftErrorCode.refundPending]: { status: 409, message: GIFT_REFUND_PENDING },
  [GiftErrorCode.giftNotHeld]: {
    status: 409,
    message: 'Подарок уже получен или отменен: отменить его нельзя',
  },
  [GiftErrorCode.giftNotFound]: { status: 404, error: ErrorCode.notFound, message: 'Подарок не найден' },
  [GiftErrorCode.giftNotShareable]: {
    status: 409,
    message: 'Подарок отменен или вернулся к вам: отправлять другу нечего',
  },
  [GiftErrorCode.shareUnavailable]: {
    status: 503,
    message: ({ messenger = 'Telegram' }) =>
      `${messenger} сейчас не может подготовить сообщение. Попробуйте еще раз чуть позже`,
  },
  // A MAX user may have no username, and a gift names its giver by theirs: told how to set one, as buying does.
  gift_without_username: {
    status: 403,
    error: PurchaseErrorCode.noUsername,
    message: ({ messenger }) =>
      messenger === 'max'
        ? 'Чтобы подарить купон, задайте никнейм в настройках профиля MAX и откройте приложение заново.'
        : 'Чтобы подарить купон, задайте имя пользователя (username) в настройках Telegram и откройте приложение заново.',
  },
  gift_of_own_coupon_only: {
    status: 403,
    error: ErrorCode.forbidden,
    message: 'Подарить можно только свой купон',
  },
} satisfies Refusals;
export type GiftRefusal = keyof typeof giftRefusals;

/** The message a giver shares about a gift, and its button opening the mini-app on My QR. */
export const giftShareTexts = {
  title: 'Подарок: купон на скидку',
  description: ({ companyName, discount }: CouponLine) => `«${companyName}», скидка ${discount} руб.`,
  message: (input: { fromUsername: string | null; coupon: CouponLine }) =>
    `🎁 ${input.fromUsername ? `@${input.fromUsername} дарит` : 'Вам дарят'} купон «${input.coupon.companyName}» ` +
    `на скидку ${input.coupon.discount} руб.\nОткройте приложение «Катайся с нами»: QR будет в разделе «Мои QR».`,
  button: 'Открыть «Мои QR»',
} as const;
