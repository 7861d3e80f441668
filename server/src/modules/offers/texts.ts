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

/** «купона» / «купонов» after «не больше N». */
const couponsAfter = (count: number) => (count % 10 === 1 && count % 100 !== 11 ? 'купона' : 'купонов');

/** A limited offer's refusals of a start: the sale's start is said by Moscow's clock, as it is announced. */
const limitTexts = {
  soldOut: 'Купоны закончились',
  perBuyerReached: (perBuyer: number) =>
    `Одному человеку можно купить не больше ${perBuyer} ${couponsAfter(perBuyer)} этого предложения: вы уже купили или оплачиваете столько`,
  saleStarts: (startsAt: Date) =>
    `Продажа начнется ${formatDateTimeIn(startsAt, DEFAULT_REPORT_TIME_ZONE)} по Москве`,
};

/** The admin's edit of an offer, its line, and a payment start's refusals for the offer's limits. */
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
  [PurchaseErrorCode.soldOut]: { status: 409, message: limitTexts.soldOut },
  [PurchaseErrorCode.perBuyerReached]: {
    status: 409,
    message: (details) => limitTexts.perBuyerReached(Number(details.perBuyer)),
  },
  [PurchaseErrorCode.saleNotStarted]: {
    status: 409,
    message: (details) => limitTexts.saleStarts(new Date(String(details.startsAt))),
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
