import type { Config } from '../config.ts';

export type ReceiptSettings = NonNullable<Config['receipts']>;

/** What a receipt says about one purchase: who gets it, what was sold, and for whom when as agent. */
export interface ReceiptFacts {
  email: string;
  companyName: string;
  discount: number;
  amountRub: number;
  /** The partner, when sales are made as its agent (RECEIPT_AGENT). */
  supplier?: { name: string; phone: string; inn: string | null };
}

/** The receipt item's text: «Купон на скидку {discount} руб — {company}» (YooKassa keeps 128 characters). */
export const receiptItemText = (facts: Pick<ReceiptFacts, 'companyName' | 'discount'>) =>
  `Купон на скидку ${facts.discount} руб — ${facts.companyName}`.slice(0, 128);

/**
 * YooKassa's `receipt` object (API v3, «Чеки от ЮKassa» and an online cash register alike): the
 * buyer's e-mail and one item equal to the payment. The same object goes with a refund, which
 * YooKassa turns into the refund receipt.
 */
export function yookassaReceipt(settings: ReceiptSettings, facts: ReceiptFacts) {
  const agent =
    settings.agentType && facts.supplier
      ? {
          agent_type: settings.agentType,
          supplier: {
            name: facts.supplier.name,
            phone: facts.supplier.phone,
            ...(facts.supplier.inn ? { inn: facts.supplier.inn } : {}),
          },
        }
      : {};
  return {
    customer: { email: facts.email },
    items: [
      {
        description: receiptItemText(facts),
        quantity: '1.00',
        amount: { value: facts.amountRub.toFixed(2), currency: 'RUB' },
        vat_code: settings.vatCode,
        payment_subject: settings.paymentSubject,
        payment_mode: settings.paymentMode,
        ...agent,
      },
    ],
    ...(settings.taxSystemCode ? { tax_system_code: settings.taxSystemCode } : {}),
  };
}

/** The sale's receipt said «prepayment» (RECEIPT_PAYMENT_MODE): the coupon's use needs a receipt of its own. */
export const soldAsPrepayment = (settings: ReceiptSettings | null): settings is ReceiptSettings =>
  settings !== null && settings.paymentMode !== 'full_payment';

/**
 * The «зачет предоплаты» receipt (`POST /v3/receipts`) once the prepaid service is rendered, as
 * YooKassa asks for it: type `payment` for the original payment, `send: true`, the sale's item (text,
 * VAT, subject, agent and supplier alike) now in `full_payment` mode, and settled by the prepayment
 * it received.
 */
export function yookassaClosingReceipt(
  settings: ReceiptSettings,
  facts: ReceiptFacts,
  providerPaymentId: string,
) {
  const sale = yookassaReceipt(settings, facts);
  return {
    ...sale,
    type: 'payment' as const,
    payment_id: providerPaymentId,
    send: true,
    items: sale.items.map((item) => ({ ...item, payment_mode: 'full_payment' as const })),
    settlements: [
      { type: 'prepayment' as const, amount: { value: facts.amountRub.toFixed(2), currency: 'RUB' } },
    ],
  };
}
