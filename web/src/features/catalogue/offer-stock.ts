import type { TOffer } from '#contract/coupons';

/** What a limited offer's button says of its units, and whether it says they are gone. */
export interface OfferStockLine {
  text: string;
  gone: boolean;
}

export const offerStockTexts = {
  left: (left: number, quantity: number) => `Осталось ${left} из ${quantity}`,
  soldOut: 'Разобрали',
  saleStarts: (when: string) => `Продажа начнется ${when}`,
} as const;

/**
 * A limited offer's state on its button: when its sale opens while it has not, else all gone, else
 * what is left of its quantity; nothing for an unlimited offer. `opensIn`: seconds until the sale
 * opens (0 once it has); `dateTime` says an instant as the screen's clock does.
 */
export function offerStockLine(
  offer: Pick<TOffer, 'left' | 'quantity' | 'saleStartsAt'>,
  opensIn: number,
  dateTime: (iso: string) => string,
): OfferStockLine | null {
  if (opensIn > 0 && offer.saleStartsAt) {
    return { text: offerStockTexts.saleStarts(dateTime(offer.saleStartsAt)), gone: false };
  }
  if (offer.left === 0) return { text: offerStockTexts.soldOut, gone: opensIn === 0 };
  if (offer.left !== null && offer.quantity !== null) {
    return { text: offerStockTexts.left(offer.left, offer.quantity), gone: false };
  }
  return null;
}
