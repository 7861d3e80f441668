import { AppError } from '../http/errors.ts';
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
      if (!couponPaymentLink) {
        throw new AppError(
          409,
          'no_payment_link',
          'У этого купона нет ссылки на оплату. Напишите администратору.',
        );
      }
      return { providerPaymentId: paymentId, confirmationUrl: couponPaymentLink };
    },
    getPayment: async () => ({ status: 'SUCCEEDED' }),
  };
}
