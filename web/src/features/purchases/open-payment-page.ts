import { postEvent } from '@/telegram/bridge';

/**
 * Opens the provider's checkout through Telegram, which keeps the mini-app open behind it.
 * The local sandbox answers a path on our own server; Telegram needs a full address.
 */
export function openPaymentPage(paymentUrl: string): void {
  postEvent('web_app_open_link', { url: new URL(paymentUrl, window.location.origin).toString() });
}
