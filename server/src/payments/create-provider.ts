import type { Api } from 'grammy';
import type { Config } from '../config.ts';
import { createLinkProvider } from './link-provider.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { createTelegramProvider } from './telegram-provider.ts';
import { createYooKassaProvider } from './yookassa-provider.ts';

/** The provider PAYMENT_PROVIDER names; the buyer returns from YooKassa to our «return» page. */
export function createPaymentProvider(config: Config, botApi?: Api): PaymentProvider {
  switch (config.paymentProvider) {
    case 'telegram': {
      if (!botApi || !config.telegramPaymentProviderToken) {
        throw new Error(
          'the telegram provider needs the bot and its provider token, checked by the configuration',
        );
      }
      return createTelegramProvider({
        botApi,
        providerToken: config.telegramPaymentProviderToken,
        receipts: config.receipts,
      });
    }
    case 'sandbox':
      return createSandboxProvider();
    case 'link':
      return createLinkProvider();
    case 'yookassa': {
      const { shopId, secretKey, apiUrl } = config.yookassa;
      if (!shopId || !secretKey) throw new Error('YooKassa credentials are checked by the configuration');
      const base = config.publicUrl ?? `http://localhost:${config.port}`;
      return createYooKassaProvider({
        shopId,
        secretKey,
        apiUrl,
        returnUrl: `${base}/api/payments/return`,
        liveOnly: config.env === 'production',
        receipts: config.receipts,
      });
    }
  }
}
