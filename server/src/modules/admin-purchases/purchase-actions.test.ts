import { describe, expect, it } from 'vitest';
import type { CouponStatus } from '../purchased-coupons/coupon-state.ts';
import { purchaseActionsOf } from './purchase-actions.ts';

const state = (status: CouponStatus, facts: { expired?: boolean; refundRequested?: boolean } = {}) => ({
  status,
  expired: facts.expired ?? false,
  refundRequested: facts.refundRequested ?? false,
});
const none = { refund: false, markRefunded: false, void: false };

describe('what the back office may do with a purchase', () => {
  it('refunds an unused coupon through its provider, expired or not, and nothing else', () => {
    expect(purchaseActionsOf(state('NOT_USED'), 'yookassa')).toEqual({ ...none, refund: true });
    expect(purchaseActionsOf(state('NOT_USED', { expired: true }), 'telegram')).toEqual({
      ...none,
      refund: true,
    });
    // The provider is at work on it: pressing again from the card would only ask it again.
    expect(purchaseActionsOf(state('NOT_USED', { refundRequested: true }), 'yookassa')).toEqual(none);
  });

  it('notes a refund of a purchase paid by link, and voids it while nobody asked for the money back', () => {
    expect(purchaseActionsOf(state('NOT_USED'), 'link')).toEqual({ ...none, markRefunded: true, void: true });
    expect(purchaseActionsOf(state('NOT_USED', { expired: true }), 'link')).toEqual({
      ...none,
      markRefunded: true,
      void: true,
    });
    // The buyer's own request waits for the admin to note the money returned.
    expect(purchaseActionsOf(state('NOT_USED', { refundRequested: true }), 'link')).toEqual({
      ...none,
      markRefunded: true,
    });
  });

  it('offers nothing for a used, refunded, void or held coupon', () => {
    for (const status of ['USED', 'REFUNDED', 'VOID', 'HELD'] as const)
      for (const provider of ['link', 'yookassa'] as const)
        expect([status, provider, purchaseActionsOf(state(status), provider)]).toEqual([
          status,
          provider,
          none,
        ]);
  });
});
