import { offerStockText } from '#contract/offer-stock';
import type { TWeekFigure } from '#contract/reports';

const number = (value: number) => value.toLocaleString('ru-RU');

/** Texts of the weekly charts the report, settlement and season screens share. */
export const chartTexts = {
  figures: {
    sold: 'Продано',
    redeemed: 'Погашено',
    refunded: 'Возвращено',
    expired: 'Истекло',
    takenSum: 'Выручка',
    refundedSum: 'Возвращено денег',
    discountSum: 'Скидки',
  } satisfies Record<TWeekFigure, string>,
  /** A figure's value with its unit: coupons in pieces, money in roubles. */
  value: (figure: TWeekFigure, value: number) =>
    figure.endsWith('Sum') ? `${number(value)} руб` : `${number(value)} шт`,
  most: (text: string) => `макс. ${text}`,
  tableCaption: 'По неделям',
  week: 'Неделя',
  weekDays: (first: string, last: string) => `${first}–${last}`,
  offer: 'Купон',
  allOffers: 'Все купоны',
  /** A limited offer's units now, as the admin's offer card says them. */
  offerStock: offerStockText,
  stockNow: 'Остатки сейчас',
  offerName: (offer: { companyName: string; discount: number; price: number }, withCompany: boolean) =>
    `${withCompany ? `${offer.companyName}: с` : 'С'}кидка ${number(offer.discount)} руб за ${number(offer.price)} руб`,
} as const;
