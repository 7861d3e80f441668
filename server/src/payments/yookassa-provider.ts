import { z } from 'zod';
import {
  type PaymentProvider,
  PaymentProviderError,
  PROVIDER_CALL_TIMEOUT_MS,
  type ProviderPaymentStatus,
} from './provider.ts';
import {
  type ReceiptFacts,
  type ReceiptSettings,
  yookassaClosingReceipt,
  yookassaReceipt,
} from './receipts.ts';

/** The part of YooKassa's payment object (API v3) we rely on. */
const ZYooKassaPayment = z.object({
  id: z.string(),
  status: z.enum(['pending', 'waiting_for_capture', 'succeeded', 'canceled']),
  paid: z.boolean().optional(),
  amount: z.object({ value: z.string(), currency: z.string() }),
  confirmation: z.object({ type: z.string(), confirmation_url: z.string().optional() }).optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  refunded_amount: z.object({ value: z.string(), currency: z.string() }).optional(),
  test: z.boolean().optional(),
});

/** The part of YooKassa's refund object (API v3) we rely on. */
const ZYooKassaRefund = z.object({
  id: z.string(),
  payment_id: z.string(),
  status: z.enum(['pending', 'succeeded', 'canceled']),
  amount: z.object({ value: z.string(), currency: z.string() }),
});

/** The part of YooKassa's receipt object (API v3) we rely on. */
const ZYooKassaReceipt = z.object({ id: z.string(), status: z.string() });

const REFUND_STATUSES: Record<z.infer<typeof ZYooKassaRefund>['status'], ProviderPaymentStatus> = {
  pending: 'PENDING',
  succeeded: 'SUCCEEDED',
  canceled: 'CANCELED',
};

const STATUSES: Record<z.infer<typeof ZYooKassaPayment>['status'], ProviderPaymentStatus> = {
  pending: 'PENDING',
  // We create payments with capture: true, so this state is only passing; not paid yet for us.
  waiting_for_capture: 'PENDING',
  succeeded: 'SUCCEEDED',
  canceled: 'CANCELED',
};

const toRubles = (amount: { value: string; currency: string }) =>
  amount.currency === 'RUB' ? Number(amount.value) : Number.NaN;

/**
 * YooKassa API v3: a payment per attempt (Idempotence-Key = our payment id), redirect confirmation,
 * status read back with GET /payments/{id}. Amounts are roubles with kopecks as a string.
 */
export function createYooKassaProvider(options: {
  shopId: string;
  secretKey: string;
  apiUrl: string;
  returnUrl: string;
  /** A live shop: a payment YooKassa marks `test` (test-shop keys, test cards) pays for nothing. */
  liveOnly: boolean;
  /** 54-ФЗ receipts (YOOKASSA_RECEIPTS): sent with every payment and refund that has the facts. */
  receipts?: ReceiptSettings | null;
  fetch?: typeof fetch;
}): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  const receiptOf = (facts: ReceiptFacts | undefined) => {
    if (!options.receipts) return {};
    // Without the facts a receipt cannot be made, and YooKassa would refuse the payment anyway.
    if (!facts) throw new PaymentProviderError('a receipt is required but its facts are missing', false);
    return { receipt: yookassaReceipt(options.receipts, facts) };
  };
  const authorization = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;

  async function call<T extends z.ZodType>(
    schema: T,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotenceKey?: string,
  ): Promise<z.infer<T>> {
    let response: Response;
    try {
      response = await doFetch(`${options.apiUrl}${path}`, {
        method,
        headers: {
          authorization,
          'content-type': 'application/json',
          ...(idempotenceKey ? { 'idempotence-key': idempotenceKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(PROVIDER_CALL_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaymentProviderError(`YooKassa is unreachable: ${(error as Error).message}`, true);
    }
    const text = await response.text();
    if (!response.ok) {
      throw new PaymentProviderError(
        `YooKassa answered ${response.status}: ${text.slice(0, 300)}`,
        response.status >= 500 || response.status === 429,
      );
    }
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new PaymentProviderError('YooKassa answered something that is not JSON', true);
    }
    const parsed = schema.safeParse(answer);
    if (!parsed.success)
      throw new PaymentProviderError(`YooKassa answered an unexpected object at ${path}`, false);
    return parsed.data;
  }

  const { receipts } = options;
  return {
    name: 'yookassa',
    verified: true,
    ...(receipts
      ? {
          async closingReceipt({ idempotenceKey, providerPaymentId, receipt }) {
            const made = await call(
              ZYooKassaReceipt,
              'POST',
              '/receipts',
              yookassaClosingReceipt(receipts, receipt, providerPaymentId),
              idempotenceKey,
            );
            return { providerReceiptId: made.id };
          },
        }
      : {}),
    async createPayment({ paymentId, amountRub, description, metadata, receipt }) {
      const payment = await call(
        ZYooKassaPayment,
        'POST',
        '/payments',
        {
          amount: { value: amountRub.toFixed(2), currency: 'RUB' },
          capture: true,
          confirmation: { type: 'redirect', return_url: options.returnUrl },
          description: description.slice(0, 128),
          metadata,
          ...receiptOf(receipt),
        },
        paymentId,
      );
      const url = payment.confirmation?.confirmation_url;
      if (!url) throw new PaymentProviderError('YooKassa gave no confirmation_url', false);
      return { providerPaymentId: payment.id, confirmationUrl: url };
    },
    async getPayment(providerPaymentId) {
      const payment = await call(
        ZYooKassaPayment,
        'GET',
        `/payments/${encodeURIComponent(providerPaymentId)}`,
      );
      return {
        status: STATUSES[payment.status],
        amountRub: toRubles(payment.amount),
        refunded: Number(payment.refunded_amount?.value ?? 0) > 0,
        testInLiveShop: options.liveOnly && payment.test === true,
      };
    },
    async refund({ refundId, providerPaymentId, amountRub, description, receipt }) {
      const refund = await call(
        ZYooKassaRefund,
        'POST',
        '/refunds',
        {
          payment_id: providerPaymentId,
          amount: { value: amountRub.toFixed(2), currency: 'RUB' },
          description: description.slice(0, 250),
          ...receiptOf(receipt),
        },
        refundId,
      );
      return { providerRefundId: refund.id, status: REFUND_STATUSES[refund.status] };
    },
    async getRefund(providerRefundId) {
      const refund = await call(ZYooKassaRefund, 'GET', `/refunds/${encodeURIComponent(providerRefundId)}`);
      return { providerRefundId: refund.id, status: REFUND_STATUSES[refund.status] };
    },
  };
}
