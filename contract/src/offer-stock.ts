import { z } from 'zod';

/**
 * A limited offer's units as they stand now: coupons sold and not given back, units held (for
 * payments under way and for the first of its line), units left for a buyer outside the line, and
 * the people of its line still waiting for one.
 */
export const ZOfferStock = z.object({
  quantity: z.number().int(),
  sold: z.number().int(),
  held: z.number().int(),
  left: z.number().int(),
  inLine: z.number().int(),
});
export type TOfferStock = z.infer<typeof ZOfferStock>;

/**
 * «Продано 12 · отложено 3 · осталось 5 из 20 · в очереди 4»: an offer's units in one line, as the
 * admin's offer card and the reports' offer picker both say them. An unlimited offer (no quantity)
 * has only what is sold and held.
 */
export const offerStockText = (stock: {
  sold: number;
  held: number;
  left: number | null;
  quantity: number | null;
  inLine: number;
}): string =>
  [
    `Продано ${stock.sold}`,
    `отложено ${stock.held}`,
    ...(stock.quantity !== null && stock.left !== null
      ? [`осталось ${stock.left} из ${stock.quantity}`, `в очереди ${stock.inLine}`]
      : []),
  ].join(' · ');
