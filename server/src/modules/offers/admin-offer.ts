import { couponTermsProblem } from '#contract/coupon-terms';
import type { TAdminOffer, TOfferState } from '#contract/offers';
import type { coupons } from '../../db/schema.ts';
import { NO_STOCK, type OfferStock, unitsShown } from './stock.ts';

/**
 * An offer as the back office shows it. `paymentLinkNeeded`: the buyer pays through the offer's own
 * link (the `link` provider); with any other the provider takes the money and no link is asked for.
 */
export const toAdminOffer = (
  row: typeof coupons.$inferSelect,
  paymentLinkNeeded: boolean,
  stock: OfferStock = NO_STOCK,
): TAdminOffer => ({
  id: row.id,
  partnerId: row.partnerId,
  price: row.price,
  discount: row.discount,
  state: offerState(row),
  paymentLink: row.paymentLink,
  paymentLinkNeeded,
  validUntil: row.validUntil,
  validDays: row.validDays,
  termsProblem: couponTermsProblem(row.price, row.discount)?.message ?? null,
  quantity: row.quantity,
  perBuyer: row.perBuyer,
  saleStartsAt: row.saleStartsAt?.toISOString() ?? null,
  ...unitsShown(row.quantity, stock),
});

function offerState(row: typeof coupons.$inferSelect): TOfferState {
  if (row.status === 'PENDING') return 'pending';
  if (row.status === 'REJECTED') return 'rejected';
  return row.withdrawnAt ? 'withdrawn' : 'on_sale';
}
