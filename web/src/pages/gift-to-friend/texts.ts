import {
  GIFT_COUPON_EXPIRED,
  GIFT_COUPON_UNAVAILABLE,
  GIFT_FRIEND_NOT_FOUND,
  GIFT_REFUND_PENDING,
  GIFT_TO_SELF,
  HELD_GIFT_DAYS,
} from '#contract/gifts';
import { messengerName } from '@/messenger/messenger-of-launch';

export const texts = {
  title: 'ПОДАРИТЬ ДРУГУ',
  get friendLabel() {
    return `Юзернейм друга в ${messengerName()}`;
  },
  friendPlaceholder: '@username',
  /** A gift names its giver by their username, which a MAX user may not have. */
  get noUsername() {
    return messengerName() === 'MAX'
      ? 'Чтобы подарить купон, задайте никнейм в настройках профиля MAX и откройте приложение заново.'
      : 'Чтобы подарить купон, задайте имя пользователя (username) в настройках Telegram и откройте приложение заново.';
  },
  friendNote: 'Друг должен состоять в сплавном чате.',
  gift: 'Подарить QR',
  sending: 'Отправляем',
  copyChatLink: 'Скопировать ссылку на сплавной чат',
  copied: 'Скопировано',
  copyFailed: 'Ошибка копирования',
  sent: 'Купон отправлен',
  notSent: 'Купон не отправлен',
  toSelf: GIFT_TO_SELF,
  friendNotFound: GIFT_FRIEND_NOT_FOUND,
  unseenQuestion: (username: string) => `Мы еще не видели @${username} в приложении.`,
  unseenDetail: (username: string) =>
    `Проверьте юзернейм. Купон будет ждать, пока @${username} не откроет приложение, ` +
    `а через ${HELD_GIFT_DAYS} дней вернется к вам.`,
  unseenConfirm: 'Подарить и ждать',
  unseenCancel: 'Отмена',
  noCoupon: 'Не выбран QR для подарка: откройте «Мои QR» и нажмите «Подарить другу».',
  /** Why the linked coupon cannot be given, in the server's words where it has them. */
  notGiftable: {
    not_yours: `${GIFT_COUPON_UNAVAILABLE}. Откройте «Мои QR» и выберите купон там.`,
    expired: GIFT_COUPON_EXPIRED,
    refund_pending: GIFT_REFUND_PENDING,
  },
} as const;
