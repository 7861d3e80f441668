import { openExternalLink } from '@/messenger/links';

/**
 * Opens the provider's checkout through the messenger, which keeps the mini-app open behind it.
 * The local sandbox answers a path on our own server; the messenger needs a full address.
 */
export function openPaymentPage(paymentUrl: string): void {
  openExternalLink(new URL(paymentUrl, window.location.origin).toString());
}
