import type { ReceiptFacts } from './receipts.ts';

export type ProviderPaymentStatus = 'PENDING' | 'SUCCEEDED' | 'CANCELED';

/**
 * The longest a call to a payment provider may take. The server's shutdown grace is longer, so a
 * payment start in flight when the server is told to stop still finishes (main.ts).
 */
export const PROVIDER_CALL_TIMEOUT_MS = 15_000;

export interface CreatePaymentInput {
  /** Our payment id: the idempotence key, so a retried create never makes a second payment. */
  paymentId: string;
  amountRub: number;
  description: string;
  /** The admin's static link of the coupon (the `link` provider pays through it). */
  couponPaymentLink: string | null;
  metadata: Record<string, string>;
  /** What the fiscal receipt says; the provider sends one when receipts are on. */
  receipt?: ReceiptFacts;
}

export interface CreatedPayment {
  providerPaymentId: string;
  confirmationUrl: string;
}

export interface ProviderPayment {
  status: ProviderPaymentStatus;
  /** What the provider says was paid, in roubles; undefined when it cannot say (the buyer's word). */
  amountRub?: number;
  /** Money given back after the payment succeeded (a refund made in the provider's dashboard). */
  refunded?: boolean;
  /** A test payment (test keys, test cards) seen by a live shop: it pays for nothing. */
  testInLiveShop?: boolean;
}

export interface RefundInput {
  /** Our refund id: the idempotence key, so a retried request never gives the money back twice. */
  refundId: string;
  providerPaymentId: string;
  amountRub: number;
  description: string;
  /** The receipt of the payment it returns: the refund receipt says the same. */
  receipt?: ReceiptFacts;
}

export interface ProviderRefund {
  providerRefundId: string;
  /** SUCCEEDED: the money is on its way back; the provider's answer is the proof, never our wish. */
  status: ProviderPaymentStatus;
}

/**
 * One way of taking money (ARCHITECTURE §5). `verified` says whether a success is the provider's
 * word or only the buyer's.
 */
export interface PaymentProvider {
  name: 'sandbox' | 'link' | 'yookassa' | 'telegram';
  verified: boolean;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** The payment's state as the provider knows it now. */
  getPayment(
    providerPaymentId: string,
    stored: { status: ProviderPaymentStatus; amountRub: number },
  ): Promise<ProviderPayment>;
  /** Gives a paid payment's money back. Absent where the money never passed through us (`link`). */
  refund?(input: RefundInput): Promise<ProviderRefund>;
  /** A refund's state as the provider knows it now. */
  getRefund?(providerRefundId: string): Promise<ProviderRefund>;
  /**
   * Sends the «зачет предоплаты» receipt of a payment whose service was rendered (a coupon sold as a
   * prepayment, then redeemed). Absent where the provider sends no receipts.
   */
  closingReceipt?(input: ClosingReceiptInput): Promise<{ providerReceiptId: string }>;
}

export interface ClosingReceiptInput {
  /** Derived from the coupon: however often it is sent, one receipt. */
  idempotenceKey: string;
  providerPaymentId: string;
  receipt: ReceiptFacts;
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
