import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Status = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';

export interface FakeYooKassaPayment {
  id: string;
  status: Status;
  paid: boolean;
  amount: { value: string; currency: string };
  confirmation: { type: 'redirect'; confirmation_url: string; return_url: string };
  created_at: string;
  description?: string;
  metadata: Record<string, string>;
  refunded_amount?: { value: string; currency: string };
  test: true;
}

export interface FakeYooKassaRefund {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: { value: string; currency: string };
  created_at: string;
  description?: string;
}

/** A receipt made by `POST /v3/receipts` (a «зачет предоплаты» one, or any other). */
export interface FakeYooKassaReceipt {
  id: string;
  type: 'payment' | 'refund';
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  items: unknown[];
  settlements: Array<{ type: string; amount: { value: string; currency: string } }>;
  customer: { email?: string; phone?: string };
}

const SETTLEMENT_TYPES = ['cashless', 'prepayment', 'postpayment', 'consideration'];

/**
 * YooKassa's checks of a separate receipt (`POST /v3/receipts`, API v3): its type, the payment it
 * belongs to, `send: true`, the receipt's own checks below, and settlements (each of a known type,
 * in roubles) adding up to the items.
 */
function separateReceiptProblem(body: unknown): string | undefined {
  const r = body as {
    type?: unknown;
    payment_id?: unknown;
    send?: unknown;
    items?: Array<{ payment_mode?: unknown }>;
    settlements?: Array<{ type?: unknown; amount?: { value?: unknown; currency?: unknown } }>;
  };
  if (r?.type !== 'payment' && r?.type !== 'refund') return 'type';
  if (typeof r.payment_id !== 'string') return 'payment_id';
  if (r.send !== true) return 'send';
  if (!Array.isArray(r.settlements) || r.settlements.length === 0) return 'settlements';
  let settled = 0;
  for (const settlement of r.settlements) {
    if (!SETTLEMENT_TYPES.includes(settlement.type as string)) return 'settlements.type';
    if (typeof settlement.amount?.value !== 'string' || settlement.amount.currency !== 'RUB')
      return 'settlements.amount';
    settled += Number(settlement.amount.value);
  }
  if (Array.isArray(r.items) && r.items.some((item) => typeof item.payment_mode !== 'string'))
    return 'items.payment_mode';
  // The items must add up to what the settlements say was paid.
  return receiptProblem(body, settled.toFixed(2));
}

/**
 * YooKassa's checks of a `receipt` (API v3): a customer contact, 1–80 items, each with a
 * description, quantity, amount in roubles, vat_code 1–12, and items adding up to the amount.
 */
function receiptProblem(receipt: unknown, amountValue: string): string | undefined {
  if (receipt === undefined) return undefined;
  const r = receipt as {
    customer?: { email?: unknown; phone?: unknown };
    items?: Array<{
      description?: unknown;
      quantity?: unknown;
      amount?: { value?: unknown; currency?: unknown };
      vat_code?: unknown;
    }>;
    tax_system_code?: unknown;
  };
  if (!r.customer?.email && !r.customer?.phone) return 'receipt.customer: email or phone is required';
  if (!Array.isArray(r.items) || r.items.length === 0 || r.items.length > 80) return 'receipt.items';
  let total = 0;
  for (const item of r.items) {
    if (
      typeof item.description !== 'string' ||
      item.description.length === 0 ||
      item.description.length > 128
    )
      return 'receipt.items.description';
    if (Number(item.quantity) <= 0) return 'receipt.items.quantity';
    if (typeof item.amount?.value !== 'string' || item.amount.currency !== 'RUB')
      return 'receipt.items.amount';
    if (!Number.isInteger(item.vat_code) || (item.vat_code as number) < 1 || (item.vat_code as number) > 12)
      return 'receipt.items.vat_code';
    total += Number(item.amount.value) * Number(item.quantity);
  }
  if (Math.abs(total - Number(amountValue)) > 0.001)
    return 'receipt.items: amounts do not add up to the amount';
  if (r.tax_system_code !== undefined && ![1, 2, 3, 4, 5, 6].includes(r.tax_system_code as number))
    return 'receipt.tax_system_code';
  return undefined;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const error = (code: string, description: string) => ({ type: 'error', id: randomUUID(), code, description });

/**
 * A small YooKassa API v3 on loopback: Basic auth with shop id and secret key, Idempotence-Key
 * on creation (the same key answers the same payment), payments pending until the test makes them
 * succeed or cancel, and the webhook body YooKassa would send for that.
 */
export async function startFakeYooKassa(options: { shopId: string; secretKey: string }) {
  const payments = new Map<string, FakeYooKassaPayment>();
  const byIdempotenceKey = new Map<string, string>();
  const refunds = new Map<string, FakeYooKassaRefund>();
  const refundsByKey = new Map<string, string>();
  const receipts = new Map<string, FakeYooKassaReceipt>();
  const receiptsByKey = new Map<string, string>();
  /** While above zero, so many receipt requests are answered 500 (YooKassa down for a while). */
  let receiptFailures = 0;
  /** How a new refund answers: YooKassa usually says succeeded at once, sometimes pending first. */
  let nextRefundStatus: FakeYooKassaRefund['status'] = 'succeeded';
  const requests: Array<{ method: string; path: string; idempotenceKey?: string; body?: unknown }> = [];
  /** While set, a payment's answer waits until the test releases it (holdPaymentAnswers). */
  let held: { until(): Promise<void> } | undefined;
  const expectedAuth = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;
  let base = '';

  const server = createServer(async (request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const idempotenceKey = request.headers['idempotence-key'] as string | undefined;
    const body = request.method === 'POST' ? await readJson(request) : undefined;
    requests.push({ method: request.method ?? '', path, idempotenceKey, body });

    if (request.headers.authorization !== expectedAuth) {
      return send(response, 401, error('invalid_credentials', 'Authentication by given credentials failed'));
    }
    if (request.method === 'POST' && path === '/v3/payments') {
      if (!idempotenceKey)
        return send(response, 400, error('invalid_request', 'Idempotence key is required'));
      const existing = byIdempotenceKey.get(idempotenceKey);
      if (existing) return send(response, 200, payments.get(existing));
      const input = body as {
        amount?: { value?: unknown; currency?: unknown };
        confirmation?: { type?: unknown; return_url?: unknown };
        description?: string;
        metadata?: Record<string, string>;
      };
      if (typeof input?.amount?.value !== 'string' || !/^\d+\.\d{2}$/.test(input.amount.value)) {
        return send(response, 400, error('invalid_request', 'Invalid amount value'));
      }
      if (input.amount.currency !== 'RUB' || input.confirmation?.type !== 'redirect') {
        return send(response, 400, error('invalid_request', 'Unsupported currency or confirmation'));
      }
      const badReceipt = receiptProblem((body as { receipt?: unknown }).receipt, input.amount.value);
      if (badReceipt) return send(response, 400, error('invalid_request', badReceipt));
      const id = randomUUID();
      const payment: FakeYooKassaPayment = {
        id,
        status: 'pending',
        paid: false,
        amount: { value: input.amount.value, currency: 'RUB' },
        confirmation: {
          type: 'redirect',
          confirmation_url: `${base}/checkout/${id}`,
          return_url: String(input.confirmation.return_url ?? ''),
        },
        created_at: new Date().toISOString(),
        description: input.description,
        metadata: input.metadata ?? {},
        test: true,
      };
      payments.set(id, payment);
      byIdempotenceKey.set(idempotenceKey, id);
      return send(response, 200, payment);
    }
    if (request.method === 'POST' && path === '/v3/refunds') {
      if (!idempotenceKey)
        return send(response, 400, error('invalid_request', 'Idempotence key is required'));
      const existing = refundsByKey.get(idempotenceKey);
      if (existing) return send(response, 200, refunds.get(existing));
      const input = body as {
        payment_id?: unknown;
        amount?: { value?: unknown; currency?: unknown };
        description?: string;
      };
      const payment = payments.get(String(input?.payment_id ?? ''));
      if (!payment) return send(response, 404, error('not_found', 'Payment not found'));
      if (
        typeof input.amount?.value !== 'string' ||
        !/^\d+\.\d{2}$/.test(input.amount.value) ||
        input.amount.currency !== 'RUB'
      ) {
        return send(response, 400, error('invalid_request', 'Invalid amount'));
      }
      const badRefundReceipt = receiptProblem((body as { receipt?: unknown }).receipt, input.amount.value);
      if (badRefundReceipt) return send(response, 400, error('invalid_request', badRefundReceipt));
      const refundedBefore = Number(payment.refunded_amount?.value ?? 0);
      if (
        payment.status !== 'succeeded' ||
        refundedBefore + Number(input.amount.value) > Number(payment.amount.value)
      ) {
        return send(response, 400, error('invalid_request', 'Payment cannot be refunded for this amount'));
      }
      const refund: FakeYooKassaRefund = {
        id: randomUUID(),
        payment_id: payment.id,
        status: nextRefundStatus,
        amount: { value: input.amount.value, currency: 'RUB' },
        created_at: new Date().toISOString(),
        description: input.description,
      };
      refunds.set(refund.id, refund);
      refundsByKey.set(idempotenceKey, refund.id);
      if (refund.status === 'succeeded') addRefunded(payment, refund.amount.value);
      return send(response, 200, refund);
    }
    if (request.method === 'POST' && path === '/v3/receipts') {
      if (!idempotenceKey)
        return send(response, 400, error('invalid_request', 'Idempotence key is required'));
      if (receiptFailures > 0) {
        receiptFailures -= 1;
        return send(response, 500, error('internal_server_error', 'Try again later'));
      }
      const existing = receiptsByKey.get(idempotenceKey);
      if (existing) return send(response, 200, receipts.get(existing));
      const badReceipt = separateReceiptProblem(body);
      if (badReceipt) return send(response, 400, error('invalid_request', badReceipt));
      const input = body as Omit<FakeYooKassaReceipt, 'id' | 'status'>;
      if (payments.get(input.payment_id)?.status !== 'succeeded')
        return send(response, 400, error('invalid_request', 'Payment is not succeeded'));
      const receipt: FakeYooKassaReceipt = {
        id: randomUUID(),
        type: input.type,
        payment_id: input.payment_id,
        status: 'pending',
        items: input.items,
        settlements: input.settlements,
        customer: input.customer,
      };
      receipts.set(receipt.id, receipt);
      receiptsByKey.set(idempotenceKey, receipt.id);
      return send(response, 200, receipt);
    }
    const refundMatch = /^\/v3\/refunds\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && refundMatch) {
      const refund = refunds.get(decodeURIComponent(refundMatch[1] as string));
      return refund
        ? send(response, 200, refund)
        : send(response, 404, error('not_found', 'Refund not found'));
    }
    const match = /^\/v3\/payments\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && match) {
      if (held) await held.until();
      const payment = payments.get(decodeURIComponent(match[1] as string));
      return payment
        ? send(response, 200, payment)
        : send(response, 404, error('not_found', 'Payment not found'));
    }
    return send(response, 404, error('not_found', 'Not found'));
  });

  // Idle connections outlive the client's own keep-alive (undici's 4 s), so the client closes them:
  // a server closing one (at Node's 5 s) just as a loaded client reuses it is a reset, a stray 502.
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function addRefunded(payment: FakeYooKassaPayment, value: string) {
    const total = Number(payment.refunded_amount?.value ?? 0) + Number(value);
    payment.refunded_amount = { value: total.toFixed(2), currency: 'RUB' };
  }

  function settle(id: string, status: 'succeeded' | 'canceled', amountValue?: string) {
    const payment = payments.get(id);
    if (!payment) throw new Error(`no payment ${id}`);
    payment.status = status;
    payment.paid = status === 'succeeded';
    if (amountValue) payment.amount.value = amountValue;
    return { type: 'notification', event: `payment.${status}`, object: payment };
  }

  return {
    apiUrl: `${base}/v3`,
    payments,
    requests,
    /** Marks a payment paid; returns the webhook body YooKassa sends for it. */
    succeed: (id: string, amountValue?: string) => settle(id, 'succeeded', amountValue),
    cancel: (id: string) => settle(id, 'canceled'),
    /** Refunds a paid payment in full, as from the shop's dashboard; returns the refund's webhook body. */
    refund(id: string) {
      const payment = payments.get(id);
      if (payment?.status !== 'succeeded') throw new Error(`payment ${id} is not paid`);
      payment.refunded_amount = { ...payment.amount };
      return {
        type: 'notification',
        event: 'refund.succeeded',
        object: {
          id: randomUUID(),
          payment_id: id,
          status: 'succeeded',
          amount: payment.amount,
          created_at: new Date().toISOString(),
        },
      };
    },
    refunds,
    /** Receipts made by their own request, by YooKassa's id. */
    receipts,
    /** The next `count` receipt requests are answered 500, as YooKassa does when it is down. */
    failReceipts(count: number) {
      receiptFailures = count;
    },
    /** How the next refunds answer when created: `pending` makes the test settle them later. */
    answerRefundsWith(status: FakeYooKassaRefund['status']) {
      nextRefundStatus = status;
    },
    /** Finishes a pending refund; returns the webhook body YooKassa sends for it. */
    settleRefund(id: string, status: 'succeeded' | 'canceled') {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`no refund ${id}`);
      refund.status = status;
      const payment = payments.get(refund.payment_id);
      if (status === 'succeeded' && payment) addRefunded(payment, refund.amount.value);
      return { type: 'notification', event: `refund.${status}`, object: refund };
    },
    /**
     * Payments asked about from now on are answered only once `release` is called: `asked` comes
     * when the first such question has arrived, so a test can act while the caller waits.
     */
    holdPaymentAnswers() {
      let arrived: () => void = () => {};
      let release: () => void = () => {};
      const asked = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = () => {
          held = undefined;
          resolve();
        };
      });
      held = {
        until() {
          arrived();
          return released;
        },
      };
      return { asked, release };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeYooKassa = Awaited<ReturnType<typeof startFakeYooKassa>>;
