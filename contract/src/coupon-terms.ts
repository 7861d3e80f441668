/**
 * What a coupon is worth: «Цена» is what the buyer pays the community for the coupon,
 * «Скидка» the roubles off at the partner. A coupon is worth buying only when it costs less than it
 * saves, and by the 15 % rule (SPEC §5, §9) the discount applies to a service of at least
 * ⌈discount / 0.15⌉ roubles.
 */

export const MAX_DISCOUNT_RUB = 100_000;

/** The smallest service price the discount applies to: ⌈discount / 0.15⌉ = ⌈discount · 20 / 3⌉, in integers. */
export function serviceThreshold(discount: number): number {
  return Math.floor((discount * 20 + 2) / 3);
}

/** Whole roubles with a no-break space between thousands: «6 667 руб». */
export function formatRubles(amount: number): string {
  const digits = String(Math.trunc(Math.abs(amount))).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${amount < 0 ? '−' : ''}${digits}\u00a0руб`;
}

export type CouponTermsField = 'price' | 'discount';

export interface CouponTermsProblem {
  field: CouponTermsField;
  message: string;
}

const isWholePositive = (value: number) => Number.isSafeInteger(value) && value > 0;

export const couponTermsTexts = {
  priceNotWhole: 'Цена: целое число рублей больше нуля.',
  discountNotWhole: 'Скидка: целое число рублей больше нуля.',
  discountOverCap: `Скидка не может быть больше ${formatRubles(MAX_DISCOUNT_RUB)}.`,
  priceNotBelowDiscount: 'Цена должна быть меньше скидки: купон стоит покупателю меньше, чем он экономит.',
} as const;

/** Why a price and a discount do not make a coupon worth buying; null when they do. */
export function couponTermsProblem(price: number, discount: number): CouponTermsProblem | null {
  if (!isWholePositive(price)) return { field: 'price', message: couponTermsTexts.priceNotWhole };
  if (!isWholePositive(discount)) return { field: 'discount', message: couponTermsTexts.discountNotWhole };
  if (discount > MAX_DISCOUNT_RUB) return { field: 'discount', message: couponTermsTexts.discountOverCap };
  if (price >= discount) return { field: 'price', message: couponTermsTexts.priceNotBelowDiscount };
  return null;
}
