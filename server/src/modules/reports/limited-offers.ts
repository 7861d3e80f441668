import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { TOfferStock } from '#contract/offer-stock';
import type { Db } from '../../db/client.ts';
import { coupons, partners } from '../../db/schema.ts';
import { offerOnSale, stockOf, unitsShown } from '../offers/offers.api.ts';

/** A limited offer as a report lists it: whose, its terms, and its units now. */
export interface LimitedOffer {
  couponId: number;
  partnerId: number;
  companyName: string;
  discount: number;
  price: number;
  stock: TOfferStock;
}

/**
 * The limited offers of these partners a report names: those on sale now (a partner watches a drop
 * selling out though nothing was paid in the period yet) and those of `active`, with their units
 * now. Two statements whatever the number of offers: the offers, then every one's stock at once.
 */
export async function limitedOffersOf(
  db: Db,
  timeZone: string,
  partnerIds: readonly number[],
  active: readonly number[],
): Promise<LimitedOffer[]> {
  const offers = await db
    .select({
      couponId: coupons.id,
      partnerId: coupons.partnerId,
      companyName: partners.companyName,
      discount: coupons.discount,
      price: coupons.price,
      quantity: coupons.quantity,
    })
    .from(coupons)
    .innerJoin(partners, eq(partners.id, coupons.partnerId))
    .where(
      and(
        inArray(coupons.partnerId, [...partnerIds, -1]),
        isNotNull(coupons.quantity),
        or(offerOnSale(timeZone), inArray(coupons.id, [...active, -1])),
      ),
    );
  const stock = await stockOf(
    db,
    offers.map((offer) => offer.couponId),
  );
  return offers.flatMap(({ quantity, ...offer }) => {
    if (quantity === null) return [];
    const units = unitsShown(quantity, stock.get(offer.couponId));
    return [{ ...offer, stock: { ...units, quantity, left: units.left ?? 0 } }];
  });
}
