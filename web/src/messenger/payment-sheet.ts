import { canOpenInvoice, openInvoiceSheet } from '@/telegram/open-invoice';
import { ofLaunch } from './messenger-of-launch';

/** How the sheet closed: paid, cancelled, failed, or pending. */
export type PaymentSheetOutcome = 'paid' | 'cancelled' | 'failed' | 'pending';

/**
 * The messenger's own payment sheet for an invoice link; it resolves when the sheet closes. Closing
 * the app while it is open asks first.
 */
export type PaymentSheet = { open: (invoiceUrl: string) => Promise<PaymentSheetOutcome> };

const TELEGRAM_SHEET: PaymentSheet = { open: openInvoiceSheet };

/**
 * The payment sheet of this launch's client, an optional capability: MAX has none (ADR 0019), nor
 * the local stand-in; without it the payment opens the provider's page as a link.
 */
export const paymentSheet = (): PaymentSheet | undefined =>
  ofLaunch({
    telegram: () => (canOpenInvoice() ? TELEGRAM_SHEET : undefined),
    max: () => () => undefined,
  })();
