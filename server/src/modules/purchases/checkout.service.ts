import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import type { PrivacyService } from '../privacy/privacy.service.ts';
import { createCouponIssue } from './coupon-issue.ts';
import { createPaymentSettle } from './payment-settle.ts';
import { createPaymentStart } from './payment-start.ts';

/**
 * Buying, in three parts: a payment started at the provider (payment-start.ts), settled on the
 * provider's word (payment-settle.ts), and its coupon issued once or voided on a refund
 * (coupon-issue.ts).
 */
export function createCheckoutService(options: {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  notifications: Pick<
    NotificationService,
    'notifyPurchaseConfirmed' | 'notifyUnverifiedPurchase' | 'notifyCouponWithdrawn'
  >;
  /** Where an offer's days begin and end (REPORT_TIME_ZONE): a coupon's expiry is counted in it. */
  timeZone: string;
  /** Consent and the receipt's e-mail, checked before a payment starts. */
  privacy: Pick<PrivacyService, 'requireReadyToPay'>;
  /** Fiscal receipts are on (YOOKASSA_RECEIPTS): every payment carries the buyer's e-mail. */
  receipts: boolean;
  /** A new coupon's QR image is drawn ahead of its first view (purchased-coupons/qr-images.ts). */
  drawQrSoon: (purchasedCouponId: string) => void;
}) {
  const start = createPaymentStart(options);
  const settle = createPaymentSettle({ ...options, start, issuing: createCouponIssue(options) });
  return { startPayment: start.startPayment, ...settle };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
