import type { PaymentProvider } from './provider.ts';

/**
 * The local checkout (`npm start`): our own page at /api/payments/sandbox/{id} with «Оплатить» /
 * «Отменить». What the buyer presses there is stored on the payment, and that is its status.
 */
export function createSandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    verified: true,
    createPayment: async ({ paymentId }) => ({
      providerPaymentId: paymentId,
      confirmationUrl: `/api/payments/sandbox/${paymentId}`,
    }),
    getPayment: async (_id, stored) => ({ status: stored.status, amountRub: stored.amountRub }),
    // Nobody paid real money in the sandbox: giving it back succeeds at once.
    refund: async ({ refundId }) => ({ providerRefundId: refundId, status: 'SUCCEEDED' }),
  };
}
