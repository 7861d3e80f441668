import type { PrivacyService } from '../privacy/privacy.service.ts';
import { type CouponIssueOptions, createCouponIssue } from './coupon-issue.ts';
import { createPaymentSettle } from './payment-settle.ts';
import { createPaymentStart } from './payment-start.ts';

/**
 * Buying, in three parts: a payment started at the provider (payment-start.ts), settled on the
 * provider's word (payment-settle.ts), and its coupon issued once or voided on a refund
 * (coupon-issue.ts).
 */
export function createCheckoutService(
  options: CouponIssueOptions & {
    /** Consent and the receipt's e-mail, checked before a payment starts. */
    privacy: Pick<PrivacyService, 'requireReadyToPay'>;
    /** Fiscal receipts are on (YOOKASSA_RECEIPTS): every payment carries the buyer's e-mail. */
    receipts: boolean;
    /** How long a start keeps a unit of a limited offer (OFFER_HOLD_MINUTES). */
    holdMinutes: number;
  },
) {
  const start = createPaymentStart(options);
  const settle = createPaymentSettle({ ...options, start, issuing: createCouponIssue(options) });
  return { startPayment: start.startPayment, admit: start.admit, ...settle };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
