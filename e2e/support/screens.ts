import type { TelegramUser } from '../../server/src/telegram/init-data.ts';
import { DEMO } from './constants.ts';

export type Screen = { path: string; heading: string; as: TelegramUser };

/** Every screen, opened by the role that uses it; `coupon` is a coupon the member owns. */
export const everyScreen = (coupon: string): Screen[] => [
  { path: '/', heading: 'КАТАЙСЯ С НАМИ', as: DEMO.member },
  { path: '/', heading: 'КАТАЙСЯ С НАМИ', as: DEMO.admin },
  { path: '/', heading: 'КАТАЙСЯ С НАМИ', as: DEMO.guest },
  { path: '/discounts', heading: 'СКИДКИ', as: DEMO.partner },
  { path: '/photo', heading: 'ОБМЕН ФОТО', as: DEMO.member },
  { path: '/calendar', heading: 'КАЛЕНДАРЬ', as: DEMO.member },
  { path: '/buy-coupons', heading: 'СГЕНЕРИРОВАТЬ QR', as: DEMO.member },
  { path: '/buy-coupons', heading: 'СГЕНЕРИРОВАТЬ QR', as: DEMO.guest },
  { path: '/my-coupons', heading: 'МОИ QR', as: DEMO.member },
  { path: `/gift-to-friend?couponId=${coupon}`, heading: 'ПОДАРИТЬ ДРУГУ', as: DEMO.member },
  { path: '/offer', heading: 'Публичная оферта', as: DEMO.member },
  {
    path: '/is-success-pay?couponId=1&customerUsername=demo_member',
    heading: 'Оплата прошла?',
    as: DEMO.member,
  },
  { path: '/privacy', heading: 'ПОЛИТИКА КОНФИДЕНЦИАЛЬНОСТИ', as: DEMO.member },
  { path: '/my-data', heading: 'МОИ ДАННЫЕ', as: DEMO.member },
  { path: '/check-coupon', heading: 'ПРОВЕРИТЬ СКИДКУ', as: DEMO.partner },
  { path: '/add-coupon', heading: 'Добавление купона', as: DEMO.partner },
  { path: '/partner-staff', heading: 'СОТРУДНИКИ', as: DEMO.partner },
  { path: '/redemption-report', heading: 'ОТЧЕТ О ПОГАШЕНИЯХ', as: DEMO.partner },
  { path: '/geo-service', heading: 'ГЕО-СЕРВИС', as: DEMO.admin },
  { path: '/add-partner', heading: 'Добавление партнера', as: DEMO.admin },
  { path: '/request-coupons', heading: 'Список заявок на добавление купонов', as: DEMO.admin },
  { path: '/community-links', heading: 'КАЛЕНДАРИ И ФОТО', as: DEMO.admin },
  { path: '/partners', heading: 'ПАРТНЕРЫ', as: DEMO.admin },
  { path: '/purchases', heading: 'ПОКУПКИ', as: DEMO.admin },
  { path: '/settlement', heading: 'СВЕРКА С ПАРТНЕРАМИ', as: DEMO.admin },
  { path: '/season', heading: 'СЕЗОН В ЦИФРАХ', as: DEMO.admin },
  { path: '/audit-log', heading: 'ЖУРНАЛ СОБЫТИЙ', as: DEMO.admin },
  { path: '/invites', heading: 'ПРИГЛАШЕНИЯ', as: DEMO.admin },
  { path: '/undelivered', heading: 'НЕДОСТАВЛЕННЫЕ', as: DEMO.admin },
];
