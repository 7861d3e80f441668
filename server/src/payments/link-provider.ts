import { PurchaseErrorCode } from '#contract/purchases';
import { DomainError } from '../domain/domain-error.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * The spec's own flow: the buyer pays through the admin's static link, and «Да» on the payment
 * check is taken as the buyer's word. Purchases are marked unverified for an admin to reconcile.
 */
export function createLinkProvider(): PaymentProvider {
  return {
    name: 'link',
    verified: false,
    createPayment: async ({ paymentId, couponPaymentLink }) => {
      if (!couponPaymentLink) throw new DomainError(PurchaseErrorCode.noPaymentLink);
      return { providerPaymentId: paymentId, confirmationUrl: couponPaymentLink };
    },
    getPayment: async () => ({ status: 'SUCCEEDED' }),
  };
}
