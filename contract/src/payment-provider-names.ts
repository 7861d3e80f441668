import type { TPaymentProviderName } from './back-office-purchases.ts';

/** The payment services as an admin knows them: the purchase card and the audit log name them alike. */
export const PAYMENT_PROVIDER_NAMES: Record<TPaymentProviderName, string> = {
  sandbox: 'Песочница',
  link: 'По ссылке',
  yookassa: 'ЮKassa',
  telegram: 'Telegram (ЮKassa)',
};
