export const texts = {
  title: 'СКИДКИ',
  buyCoupons: 'КУПИТЬ СКИДКИ ПАРТНЕРОВ',
  myCoupons: 'МОИ СКИДКИ',
  forPartners: 'ДЛЯ ПАРТНЕРОВ',
  checkCoupon: 'ПРОВЕРИТЬ СКИДКУ',
  /** Telegram's sharing of the member's link into the chat and the app. */
  invite: 'ПРИГЛАСИТЬ ДРУГА',
} as const;
