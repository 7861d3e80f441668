import { couponTermsTexts } from '#contract/coupon-terms';
import { formatDateTimeIn } from '#contract/date-time';
import { ErrorCode } from '#contract/errors';
import { OfferErrorCode } from '#contract/offers';
import { PurchaseErrorCode } from '#contract/purchases';
import { DEFAULT_REPORT_TIME_ZONE } from '#contract/time-zone';
import { WaitlistErrorCode } from '#contract/waitlist';
import type { Refusals } from '../../http/errors.ts';

/** The bot's message to the first in line; the time is said by Moscow's clock, as the sale's start is. */
export const waitlistTexts = {
  unitHeld: (input: { companyName: string; discount: number; heldUntil: Date }) =>
    `Освободился купон «${input.companyName}» на скидку ${input.discount} руб, за которым вы стояли в очереди. ` +
    `Он отложен для вас до ${formatDateTimeIn(input.heldUntil, DEFAULT_REPORT_TIME_ZONE)} по Москве: ` +
    'оплатите его до этого времени, потом он перейдет следующему в очереди.',
  buyButton: 'Купить купон',
} as const;

/** The admin's edit of an offer, and its line. */
export const offerRefusals = {
  [OfferErrorCode.offerNotFound]: { status: 404, message: 'Такого купона нет' },
  [OfferErrorCode.offerNotDecided]: {
    status: 409,
    message: 'Купон еще не одобрен или отклонен: сначала примите решение по заявке',
  },
  // An offer stored before the rule that a coupon costs less than it saves stays off sale.
  [OfferErrorCode.offerTermsBroken]: {
    status: 400,
    message: couponTermsTexts.priceNotBelowDiscount,
    field: 'price',
  },
  [OfferErrorCode.quantityBelowSold]: {
    status: 409,
    message: (details) =>
      `Количество не может быть меньше уже проданных и оплачиваемых купонов: их ${Number(details.sold)}`,
    field: 'quantity',
  },
  waitlist_offer_not_on_sale: { status: 404, error: ErrorCode.notFound, message: 'Этот купон не продается' },
  [WaitlistErrorCode.unlimited]: {
    status: 409,
    message: 'Купоны этого предложения не заканчиваются: очередь не нужна.',
  },
  [WaitlistErrorCode.notSoldOut]: {
    status: 409,
    message: 'Купоны еще есть: купите купон сейчас, очередь не нужна.',
  },
  waitlist_sale_not_started: {
    status: 409,
    error: PurchaseErrorCode.saleNotStarted,
    message: 'Продажа еще не началась: очередь откроется, когда купоны разберут.',
  },
  waitlist_per_buyer_reached: {
    status: 409,
    error: PurchaseErrorCode.perBuyerReached,
    message:
      'Вы уже купили или оплачиваете столько купонов этого предложения, сколько можно одному человеку.',
  },
} satisfies Refusals;
export type OfferRefusal = keyof typeof offerRefusals;
