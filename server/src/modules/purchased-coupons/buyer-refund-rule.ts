import { BuyerRefundErrorCode } from '#contract/back-office-purchases';
import { refusalOf } from './coupon-state.ts';
import { type CouponState, couponStateOf } from './visible-state.ts';

export type BuyerRefundRefusal = (typeof BuyerRefundErrorCode)[keyof typeof BuyerRefundErrorCode];

/** What the rule reads of a purchased coupon: who paid, who holds it, its state and when it was bought. */
export interface BuyerRefundFacts {
  payerId: number;
  ownerId: number;
  status: CouponState['status'];
  expiresAt: Date | null;
  refundRequestedAt: Date | null;
  refundedAt?: Date | null;
  purchasedAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether `buyerId` may return this coupon themselves: the one who paid and still holds it, unused
 * and valid (coupon-state.ts's `ownerRefund`), within `selfRefundDays` of buying it when set.
 * `not_yours` for a coupon the caller neither paid for nor holds, `pending` while a refund is under
 * way; undefined when the refund may start. My QR offers «Вернуть деньги» by the same answer.
 */
export function buyerRefundRefusal(
  facts: BuyerRefundFacts,
  buyerId: number,
  selfRefundDays: number | null,
  now = new Date(),
): BuyerRefundRefusal | 'not_yours' | 'pending' | undefined {
  if (facts.payerId !== buyerId && facts.ownerId !== buyerId) return 'not_yours';
  if (facts.payerId !== buyerId) return BuyerRefundErrorCode.giftReceived;
  if (facts.ownerId !== buyerId) return BuyerRefundErrorCode.givenAway;
  switch (refusalOf(couponStateOf(facts, now), 'ownerRefund')) {
    case undefined:
      break;
    case 'REFUND_PENDING':
      return 'pending';
    case 'USED':
      return BuyerRefundErrorCode.used;
    case 'EXPIRED':
      return BuyerRefundErrorCode.expired;
    case 'REFUNDED':
      return BuyerRefundErrorCode.refunded;
    case 'VOID':
      return BuyerRefundErrorCode.void;
    default:
      // HELD: a gift waiting for its addressee is given away until the giver cancels it.
      return BuyerRefundErrorCode.givenAway;
  }
  if (selfRefundDays !== null && facts.purchasedAt.getTime() + selfRefundDays * DAY_MS <= now.getTime()) {
    return BuyerRefundErrorCode.windowOver;
  }
  return undefined;
}
