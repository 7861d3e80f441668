import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeYooKassa, startFakeYooKassa } from '../../../../test-support/fake-yookassa.ts';
import { giveConsent, periodAroundToday } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { closingReceipts, purchasedCoupons } from '../../db/schema.ts';
import { createRedemptionService } from '../redemption/redemption.service.ts';

const SHOP = { YOOKASSA_SHOP_ID: '500400', YOOKASSA_SECRET_KEY: 'closing_secret' };
let yookassa: FakeYooKassa;
let t: TestApp;
const admin = telegramUser('cr_admin');
const buyer = telegramUser('cr_buyer');
const partner = telegramUser('cr_partner');
let couponId: number;
let partnerId: number;

const shop = (env: Record<string, string>, sameDatabaseAs?: TestApp) =>
  createTestApp({
    env: {
      ADMIN_USERNAMES: 'cr_admin',
      PAYMENT_PROVIDER: 'yookassa',
      ...SHOP,
      YOOKASSA_API_URL: yookassa.apiUrl,
      YOOKASSA_RECEIPTS: '1',
      RECEIPT_VAT_CODE: '6',
      RECEIPT_TAX_SYSTEM_CODE: '2',
      RECEIPT_AGENT: '1',
      ...env,
    },
    sameDatabaseAs,
    rateLimits: false,
  });

beforeAll(async () => {
  yookassa = await startFakeYooKassa({ shopId: SHOP.YOOKASSA_SHOP_ID, secretKey: SHOP.YOOKASSA_SECRET_KEY });
  t = await shop({ RECEIPT_PAYMENT_MODE: 'full_prepayment' });
  for (const user of [buyer, partner]) t.botApi.members.set(user.id, 'member');
  await giveConsent(t, buyer);
  const added = await t.as(admin).post('/api/partner/add', {
    region: 'Алтай',
    companyName: 'Катунь',
    partnerType: 'ТУРЫ',
    phoneNumber: '79130000000',
    address: 'Горно-Алтайск',
    email: 'katun@example.ru',
    spokesmanNickname: 'cr_partner',
    inn: '7707083893',
  });
  partnerId = added.json().id;
  await t.as(admin).post('/api/coupon/apply', { partnerId, price: 135, discount: 450 });
  const [request] = (await t.as(admin).get('/api/coupons/to/apply')).json();
  await t.as(admin).post('/api/coupon/apply/accept', { couponId: request.couponId, paymentLink: '' });
  couponId = request.couponId;
  await t.as(partner).get('/api/me');
});
afterAll(async () => {
  await t.close();
  await yookassa.close();
});

/** A coupon `buyer` paid through the fake YooKassa; the sale's receipt YooKassa was sent with it. */
async function bought(app: TestApp = t) {
  const start = await app.as(buyer).post(`/api/payments/${couponId}`, { email: 'buyer@example.ru' });
  const { paymentId } = start.json();
  const sale = yookassa.requests.filter((r) => r.path === '/v3/payments' && r.method === 'POST').at(-1);
  const payment = [...yookassa.payments.values()].find((p) => p.metadata.paymentId === paymentId);
  yookassa.succeed(payment?.id as string);
  const confirm = await app.as(buyer).post(`/api/coupons/buy/${couponId}/cr_buyer`, { paymentId });
  const id = confirm.json().purchasedCouponId as string;
  const [row] = await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id));
  return {
    id,
    qrToken: row?.qrToken as string,
    providerPaymentId: payment?.id as string,
    saleReceipt: (sale?.body as { receipt: { items: Record<string, unknown>[] } } | undefined)?.receipt,
  };
}

const redeem = (qrToken: string, app: TestApp = t) =>
  app.as(partner).post(`/api/coupon/apply/${qrToken}/cr_partner`);
/** The receipts sent right after the redemptions so far, done. */
const receiptsSent = (app: TestApp = t) => app.app.closingReceipts.settled();
/** The closing receipts' sweep, as main.ts runs it every five minutes (`now`: as if it were later). */
const sweep = (now?: Date) => t.app.maintenance.sweeps.closingReceipts(now);
const NOTHING_DUE = { sent: 0, retrying: 0, failed: 0 };
const minutesLater = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/**
 * A redemption as a process makes it that stops right after the commit: the same redemption, its
 * receipt written down and never tried.
 */
async function redeemAndStop(qrToken: string) {
  const stopping = createRedemptionService({
    db: t.database.db,
    membership: { isChatMember: async () => true },
    notifications: t.app.telegram.notifications,
    closingReceipts: { ...t.app.closingReceipts, sendSoon: () => {} },
    timeZone: 'Europe/Moscow',
  });
  const redeemer = { id: partner.id, isAdmin: false, partnerIds: [partnerId] };
  expect((await stopping.redeem({ token: qrToken, redeemer })).outcome).toBe('redeemed');
}
const receiptCalls = (id: string) =>
  yookassa.requests.filter((r) => r.path === '/v3/receipts' && r.idempotenceKey === `closing-${id}`);
const madeFor = (providerPaymentId: string) =>
  [...yookassa.receipts.values()].filter((r) => r.payment_id === providerPaymentId);
const rowOf = async (id: string) =>
  (await t.database.db.select().from(closingReceipts).where(eq(closingReceipts.purchasedCouponId, id)))[0];

describe('the «зачет предоплаты» receipt when a coupon sold as a prepayment is redeemed', () => {
  it('is sent right after the redemption, once, for the original payment, as YooKassa asks: full_payment item, prepayment settled', async () => {
    const { id, qrToken, providerPaymentId, saleReceipt } = await bought();
    expect(saleReceipt?.items[0]?.payment_mode).toBe('full_prepayment');
    expect((await redeem(qrToken)).statusCode).toBe(200);

    await receiptsSent();
    // Nothing left for the sweep, now or later.
    expect(await sweep()).toEqual(NOTHING_DUE);
    expect(await sweep(minutesLater(10))).toEqual(NOTHING_DUE);

    const calls = receiptCalls(id);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      type: 'payment',
      payment_id: providerPaymentId,
      send: true,
      customer: { email: 'buyer@example.ru' },
      items: [{ ...saleReceipt?.items[0], payment_mode: 'full_payment' }],
      settlements: [{ type: 'prepayment', amount: { value: '135.00', currency: 'RUB' } }],
      tax_system_code: 2,
    });
    expect(calls[0]?.body).toMatchObject({
      items: [{ agent_type: 'another', supplier: { name: 'Катунь', inn: '7707083893' } }],
    });
    expect(madeFor(providerPaymentId)).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({
      status: 'SENT',
      providerReceiptId: madeFor(providerPaymentId)[0]?.id,
    });
  });
});

describe('the redemption report', () => {
  it('shows each redeemed coupon’s receipt: pending until YooKassa takes it, then sent', async () => {
    const { id, qrToken } = await bought();
    yookassa.failReceipts(1);
    await redeem(qrToken);
    await receiptsSent();
    const stateOf = async () => {
      const report = (await t.as(partner).get(`/api/reports/redemptions?${periodAroundToday()}`)).json();
      return report.rows.find((row: { purchasedCouponId: string }) => row.purchasedCouponId === id)
        ?.closingReceipt;
    };

    expect(await stateOf()).toBe('PENDING');
    await sweep(minutesLater(2));
    expect(await stateOf()).toBe('SENT');
  });
});

describe('sending until YooKassa accepts it', () => {
  it('a receipt YooKassa failed to take after the redemption is sent again by the sweep, and still makes one receipt', async () => {
    const { id, qrToken, providerPaymentId } = await bought();
    yookassa.failReceipts(2);
    expect((await redeem(qrToken)).statusCode).toBe(200);
    await receiptsSent();

    expect(await rowOf(id)).toMatchObject({ status: 'PENDING', lastError: expect.stringContaining('500') });
    // Not due again at once: the sweep's run now finds nothing to send.
    expect(await sweep()).toEqual(NOTHING_DUE);
    expect(await sweep(minutesLater(2))).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await sweep(minutesLater(10))).toEqual({ sent: 1, retrying: 0, failed: 0 });

    expect(receiptCalls(id)).toHaveLength(3);
    expect(new Set(receiptCalls(id).map((call) => call.idempotenceKey))).toEqual(new Set([`closing-${id}`]));
    expect(madeFor(providerPaymentId)).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'SENT', lastError: null });
  });
});

describe('an undo and a redemption again', () => {
  it('send nothing more once the receipt went', async () => {
    const { id, qrToken, providerPaymentId } = await bought();
    await redeem(qrToken);
    await receiptsSent();
    expect((await t.as(partner).post(`/api/coupon/undo/${qrToken}`)).statusCode).toBe(200);
    expect((await redeem(qrToken)).statusCode).toBe(200);
    await receiptsSent();
    await sweep(minutesLater(10));

    expect(receiptCalls(id)).toHaveLength(1);
    expect(madeFor(providerPaymentId)).toHaveLength(1);
  });

  it('an undo before the receipt was tried (its process stopped) takes it back; the redemption again sends one', async () => {
    const { id, qrToken, providerPaymentId } = await bought();
    await redeemAndStop(qrToken);
    expect(await rowOf(id)).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect((await t.as(partner).post(`/api/coupon/undo/${qrToken}`)).statusCode).toBe(200);
    expect(await rowOf(id)).toBeUndefined();
    await sweep(minutesLater(10));
    expect(receiptCalls(id)).toHaveLength(0);

    await redeem(qrToken);
    await receiptsSent();
    expect(madeFor(providerPaymentId)).toHaveLength(1);
  });
});

describe('a redemption whose process stopped right after its commit', () => {
  it('has its receipt sent by the next sweep', async () => {
    const { id, qrToken, providerPaymentId } = await bought();
    await redeemAndStop(qrToken);
    expect(receiptCalls(id)).toHaveLength(0);

    expect(await sweep()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(madeFor(providerPaymentId)).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'SENT' });
  });
});

describe('a redemption made with no signal and synced later', () => {
  it('sends the receipt as an online one does', async () => {
    const { id, qrToken, providerPaymentId } = await bought();
    const synced = await t.as(partner).post('/api/redemption/sync', {
      redemptions: [
        {
          nonce: randomBytes(16).toString('base64url'),
          qrToken,
          redeemedAt: new Date(Date.now() - 60_000).toISOString(),
        },
      ],
    });
    expect(synced.json().results[0].outcome).toBe('applied');

    await receiptsSent();

    expect(receiptCalls(id)).toHaveLength(1);
    expect(madeFor(providerPaymentId)[0]?.settlements).toEqual([
      { type: 'prepayment', amount: { value: '135.00', currency: 'RUB' } },
    ]);
  });
});

describe('sold in full_payment mode', () => {
  it('the sale’s receipt was the whole story: nothing is sent at redemption', async () => {
    const plain = await shop({ RECEIPT_PAYMENT_MODE: 'full_payment' }, t);
    try {
      plain.botApi.members.set(buyer.id, 'member');
      const { id, qrToken } = await bought(plain);
      expect((await redeem(qrToken, plain)).statusCode).toBe(200);
      await receiptsSent(plain);
      await plain.app.maintenance.sweeps.closingReceipts();

      expect(await rowOf(id)).toBeUndefined();
      expect(receiptCalls(id)).toHaveLength(0);
    } finally {
      await plain.close();
    }
  });
});
