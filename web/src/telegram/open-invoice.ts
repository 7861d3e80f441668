import { postEvent, request } from './bridge';
import { type Events, supports } from './protocol';

/** How Telegram's payment sheet closed (`invoice_closed`). */
export type InvoiceStatus = Events['invoice_closed']['status'];

/** Telegram shows its own payment sheet (Mini Apps 6.1) for an invoice link (not the local stand-in's imitation). */
export const canOpenInvoice = () => supports('web_app_open_invoice');

/** The slug Telegram opens an invoice by, from the link createInvoiceLink made: t.me/$slug or t.me/invoice/slug. */
function invoiceSlug(invoiceUrl: string): string {
  const { hostname, pathname } = new URL(invoiceUrl, window.location.href);
  const slug = hostname === 't.me' ? /^\/(?:\$|invoice\/)([A-Za-z0-9\-_=]+)$/.exec(pathname)?.[1] : undefined;
  if (!slug) throw new Error(`Not an invoice link: ${invoiceUrl}`);
  return slug;
}

const confirmClosing = (needConfirmation: boolean) =>
  postEvent('web_app_setup_closing_behavior', { need_confirmation: needConfirmation });

/**
 * Opens Telegram's payment sheet for an invoice link and resolves with how it closed: paid,
 * cancelled, failed, or pending. Closing the app while the sheet is open asks first.
 */
export async function openInvoiceSheet(invoiceUrl: string): Promise<InvoiceStatus> {
  const slug = invoiceSlug(invoiceUrl);
  confirmClosing(true);
  try {
    const { payload } = await request('web_app_open_invoice', { slug }, ['invoice_closed'], {
      capture: ({ payload }) => payload.slug === slug,
    });
    return payload.status;
  } finally {
    confirmClosing(false);
  }
}
