import { describe, expect, it } from 'vitest';
import { couponTermsProblem, couponTermsTexts, formatRubles, serviceThreshold } from './coupon-terms.ts';

describe('serviceThreshold', () => {
  it.each([
    [1000, 6667],
    [300, 2000],
    [150, 1000],
    [1, 7],
    [3, 20],
    [100_000, 666_667],
  ])('a discount of %i applies from %i', (discount, threshold) => {
    expect(serviceThreshold(discount)).toBe(threshold);
  });

  it('keeps the discount within 15 % of the threshold and the threshold the smallest such price', () => {
    for (let discount = 1; discount <= 3000; discount++) {
      const threshold = serviceThreshold(discount);
      expect(discount * 100).toBeLessThanOrEqual(threshold * 15);
      expect(discount * 100).toBeGreaterThan((threshold - 1) * 15);
    }
  });
});

describe('formatRubles', () => {
  it.each([
    [7, '7 руб'],
    [150, '150 руб'],
    [1000, '1 000 руб'],
    [6667, '6 667 руб'],
    [666_667, '666 667 руб'],
    [1_234_567, '1 234 567 руб'],
  ])('writes %i as «%s», thousands apart with a no-break space', (amount, text) => {
    expect(formatRubles(amount)).toBe(text.replaceAll(' ', '\u00a0'));
  });
});

describe('couponTermsProblem', () => {
  it('accepts a coupon that costs less than it saves', () => {
    expect(couponTermsProblem(150, 1000)).toBeNull();
    expect(couponTermsProblem(1, 2)).toBeNull();
    expect(couponTermsProblem(99_999, 100_000)).toBeNull();
  });

  it.each([
    [1000, 1000, 'price', couponTermsTexts.priceNotBelowDiscount],
    [2000, 300, 'price', couponTermsTexts.priceNotBelowDiscount],
    [0, 300, 'price', couponTermsTexts.priceNotWhole],
    [10.5, 300, 'price', couponTermsTexts.priceNotWhole],
    [10, -1, 'discount', couponTermsTexts.discountNotWhole],
    [10, 100_001, 'discount', couponTermsTexts.discountOverCap],
  ])('refuses price %d and discount %d, naming %s', (price, discount, field, message) => {
    expect(couponTermsProblem(price, discount)).toEqual({ field, message });
  });
});
