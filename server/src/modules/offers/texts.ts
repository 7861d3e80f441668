import { couponTermsTexts } from '#contract/coupon-terms';
import { OfferErrorCode } from '#contract/offers';
import type { Refusals } from '../../http/errors.ts';

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
} satisfies Refusals;
export type OfferRefusal = keyof typeof offerRefusals;
