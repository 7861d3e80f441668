import type { TPaymentProviderName, TPurchaseActions } from '#contract/back-office-purchases';
import { refusalOf } from '../purchased-coupons/coupon-state.ts';
import { type CouponState, visibleStateOf } from '../purchased-coupons/visible-state.ts';

/**
 * What an admin may do with a purchase now, from its coupon's one state and how it was paid: the
 * back office's card offers these and nothing else, and refunds.service.ts starts each from the
 * same `refusalOf`. A refund the provider is working on is not pressed again from the card; a
 * buyer's own request of a purchase paid by link waits for an admin to note the money returned.
 */
export function purchaseActionsOf(state: CouponState, provider: TPaymentProviderName): TPurchaseActions {
  const byLink = provider === 'link';
  const refundable = refusalOf(state, 'requestRefund') === undefined;
  const underWay = visibleStateOf(state) === 'REFUND_PENDING';
  return {
    refund: refundable && !byLink && !underWay,
    markRefunded: refundable && byLink,
    void: byLink && !underWay && refusalOf(state, 'void') === undefined,
  };
}
