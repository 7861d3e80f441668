import { closingBehavior, type InvoiceStatus, invoice } from '@telegram-apps/sdk-react';
import { isStandIn } from './stand-in';

/** Telegram shows its own payment sheet for an invoice link (not the local stand-in's imitation). */
export const canOpenInvoice = () => !isStandIn() && invoice.open.isAvailable();

/**
 * Opens Telegram's payment sheet for an invoice link and resolves with how it closed: paid,
 * cancelled, failed, or pending. Closing the app while the sheet is open asks first.
 */
export async function openInvoiceSheet(invoiceUrl: string): Promise<InvoiceStatus> {
  closingBehavior.enableConfirmation.ifAvailable();
  try {
    return await invoice.open(invoiceUrl, 'url');
  } finally {
    closingBehavior.disableConfirmation.ifAvailable();
  }
}
