export const texts = {
  title: 'СКИДКИ',
  buyCoupons: 'КУПИТЬ СКИДКИ ПАРТНЕРОВ',
  myCoupons: 'МОИ СКИДКИ',
  forPartners: 'ДЛЯ ПАРТНЕРОВ',
  checkCoupon: 'ПРОВЕРИТЬ СКИДКУ',
} as const;
