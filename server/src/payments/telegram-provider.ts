import type { Api } from 'grammy';
import { type PaymentProvider, PaymentProviderError } from './provider.ts';
import { type ReceiptSettings, yookassaReceipt } from './receipts.ts';

/** A price in roubles as Telegram counts it: the smallest units of the currency (kopecks). */
export const toKopecks = (rub: number) => Math.round(rub * 100);

/**
 * Telegram's own payment sheet (Bot API payments, the YooKassa provider token from BotFather): an
 * invoice link per payment (its payload is our payment id), opened by the app with openInvoice.
 * The payment is settled by the `successful_payment` update (checkout.settleTelegramPayment), not by
 * asking: Telegram has no "get payment". With receipts on, Telegram asks the buyer's e-mail and
 * hands it and the `receipt` in provider_data to YooKassa.
 */
export function createTelegramProvider(options: {
  botApi: Api;
  providerToken: string;
  receipts?: ReceiptSettings | null;
}): PaymentProvider {
  const { botApi, providerToken, receipts } = options;
  return {
    name: 'telegram',
    verified: true,
    async createPayment({ paymentId, amountRub, description, receipt }) {
      const title = description.slice(0, 32);
      const providerData =
        receipts && receipt
          ? (({ customer: _customer, ...rest }) => ({ receipt: rest }))(yookassaReceipt(receipts, receipt))
          : undefined;
      try {
        const link = await botApi.createInvoiceLink(
          title,
          description.slice(0, 255),
          paymentId,
          providerToken,
          'RUB',
          [{ label: title, amount: toKopecks(amountRub) }],
          {
            ...(receipts ? { need_email: true, send_email_to_provider: true } : {}),
            ...(providerData ? { provider_data: JSON.stringify(providerData) } : {}),
          },
        );
        return { providerPaymentId: paymentId, confirmationUrl: link };
      } catch (error) {
        throw new PaymentProviderError(`Telegram made no invoice: ${(error as Error).message}`, true);
      }
    },
    // The state is what the updates wrote: Telegram is not asked.
    getPayment: async (_id, stored) => ({ status: stored.status, amountRub: stored.amountRub }),
  };
}
