import type { Config } from '../config.ts';
import { createLinkProvider } from './link-provider.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { createYooKassaProvider } from './yookassa-provider.ts';

/** The provider PAYMENT_PROVIDER names; the buyer returns from YooKassa to our «return» page. */
export function createPaymentProvider(config: Config): PaymentProvider {
  switch (config.paymentProvider) {
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
