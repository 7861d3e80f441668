import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeYooKassa, startFakeYooKassa } from '../../../test-support/fake-yookassa.ts';
import { addLimitedOffer, addPartnerWithCoupons, giveConsent } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../test/harness.ts';
import { ConfigError, configWarnings, loadConfig } from '../config.ts';
import { offerHolds, users } from '../db/schema.ts';

const SHOP = { YOOKASSA_SHOP_ID: '500300', YOOKASSA_SECRET_KEY: 'receipt_secret' };

async function shopWithReceipts(yookassa: FakeYooKassa, env: Record<string, string>, prefix: string) {
  const t = await createTestApp({
    env: {
      ADMIN_USERNAMES: `${prefix}_admin`,
      PAYMENT_PROVIDER: 'yookassa',
      ...SHOP,
      YOOKASSA_API_URL: yookassa.apiUrl,
      YOOKASSA_RECEIPTS: '1',
      ...env,
    },
    rateLimits: false,
  });
  return t;
}

const lastCall = (yookassa: FakeYooKassa, path: string) =>
  yookassa.requests.filter((request) => request.method === 'POST' && request.path === path).at(-1)?.body as {
    receipt?: Record<string, unknown>;
  };

describe('receipts through YooKassa (54-ФЗ)', () => {
  let yookassa: FakeYooKassa;
  let t: TestApp;
  const admin = telegramUser('rc_admin');
  const buyer = telegramUser('rc_buyer');
  let couponId: number;
  let partnerId: number;

  beforeAll(async () => {
    yookassa = await startFakeYooKassa({
      shopId: SHOP.YOOKASSA_SHOP_ID,
      secretKey: SHOP.YOOKASSA_SECRET_KEY,
    });
    t = await shopWithReceipts(yookassa, { RECEIPT_VAT_CODE: '1', RECEIPT_TAX_SYSTEM_CODE: '2' }, 'rc');
    t.botApi.members.set(buyer.id, 'member');
    await giveConsent(t, buyer);
    const added = await addPartnerWithCoupons(t, admin, { companyName: 'Шивера' }, [
      { price: 190, discount: 630 },
    ]);
    couponId = added.couponIds[0] as number;
    partnerId = added.partnerId;
  });
  afterAll(async () => {
    await t.close();
    await yookassa.close();
  });

  it('refuses to start a payment without an e-mail, with a Russian message at the field', async () => {
    const res = await t.as(buyer).post(`/api/payments/${couponId}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'email_required', field: 'email' });
    expect(res.json().message).toContain('e-mail для чека');
    expect((await t.as(buyer).post(`/api/payments/${couponId}`, { email: 'not-an-email' })).statusCode).toBe(
      400,
    );
  });

  it('sends the receipt with the payment, field by field, and remembers the e-mail', async () => {
    const res = await t.as(buyer).post(`/api/payments/${couponId}`, { email: 'buyer@example.ru' });
    expect(res.statusCode).toBe(200);

    expect(lastCall(yookassa, '/v3/payments').receipt).toEqual({
      customer: { email: 'buyer@example.ru' },
      items: [
        {
          description: 'Купон на скидку 630 руб — Шивера',
          quantity: '1.00',
          amount: { value: '190.00', currency: 'RUB' },
          vat_code: 1,
          payment_subject: 'service',
          payment_mode: 'full_payment',
        },
      ],
      tax_system_code: 2,
    });
    const [row] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, buyer.id));
    expect(row?.email).toBe('buyer@example.ru');
    expect((await t.as(buyer).get('/api/me')).json()).toMatchObject({
      email: 'buyer@example.ru',
      receiptEmailRequired: true,
    });

    const again = await t.as(buyer).post(`/api/payments/${couponId}`);
    expect(again.statusCode).toBe(200);
    expect(lastCall(yookassa, '/v3/payments').receipt?.customer).toEqual({ email: 'buyer@example.ru' });
  });

  it('sends the matching receipt with a refund', async () => {
    const { paymentId } = (await t.as(buyer).post(`/api/payments/${couponId}`)).json();
    const payment = [...yookassa.payments.values()].find((p) => p.metadata.paymentId === paymentId);
    yookassa.succeed(payment?.id as string);
    const { purchasedCouponId } = (
      await t.as(buyer).post(`/api/coupons/buy/${couponId}/rc_buyer`, { paymentId })
    ).json();

    const refund = await t.as(admin).post(`/api/admin/purchases/${purchasedCouponId}/refund`);
    expect(refund.json()).toEqual({ status: 'REFUNDED' });

    const body = lastCall(yookassa, '/v3/refunds') as { receipt?: unknown; payment_id?: string };
    expect(body.payment_id).toBe(payment?.id);
    expect(body.receipt).toEqual(lastCall(yookassa, '/v3/payments').receipt);
  });

  it('sends the matching receipt with the refund of a payment that came after its unit was gone', async () => {
    const limited = await addLimitedOffer(t, admin, partnerId, { quantity: 1 });
    const late = (await t.as(buyer).post(`/api/payments/${limited}`)).json();
    await t.database.db
      .update(offerHolds)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(offerHolds.paymentId, late.paymentId));
    const other = telegramUser('rc_other');
    t.botApi.members.set(other.id, 'member');
    await giveConsent(t, other);
    expect(
      (await t.as(other).post(`/api/payments/${limited}`, { email: 'other@example.ru' })).statusCode,
    ).toBe(200);
    const paid = [...yookassa.payments.values()].find((p) => p.metadata.paymentId === late.paymentId);
    yookassa.succeed(paid?.id as string);

    const res = await t.as(buyer).post(`/api/coupons/buy/${limited}/rc_buyer`, { paymentId: late.paymentId });
    expect(res.json()).toMatchObject({ error: 'sold_out' });
    const body = lastCall(yookassa, '/v3/refunds') as {
      receipt?: Record<string, unknown>;
      payment_id?: string;
    };
    expect(body.payment_id).toBe(paid?.id);
    expect(body.receipt).toMatchObject({
      customer: { email: 'buyer@example.ru' },
      items: [
        { description: 'Купон на скидку 900 руб — Шивера', amount: { value: '100.00', currency: 'RUB' } },
      ],
    });
  });
});

describe('receipts as the partner’s agent', () => {
  let yookassa: FakeYooKassa;
  let t: TestApp;
  const admin = telegramUser('ag_admin');
  const buyer = telegramUser('ag_buyer');

  beforeAll(async () => {
    yookassa = await startFakeYooKassa({
      shopId: SHOP.YOOKASSA_SHOP_ID,
      secretKey: SHOP.YOOKASSA_SECRET_KEY,
    });
    t = await shopWithReceipts(yookassa, { RECEIPT_VAT_CODE: '6', RECEIPT_AGENT: '1' }, 'ag');
    t.botApi.members.set(buyer.id, 'member');
    await giveConsent(t, buyer);
  });
  afterAll(async () => {
    await t.close();
    await yookassa.close();
  });

  const partner = (inn?: string) => ({
    region: 'Алтай',
    companyName: `Катунь ${inn ?? 'без ИНН'}`,
    partnerType: 'ТУРЫ',
    phoneNumber: '79130000000',
    address: 'Горно-Алтайск',
    email: 'katun@example.ru',
    spokesmanNickname: 'ag_spokesman',
    ...(inn !== undefined ? { inn } : {}),
  });

  it('asks for the partner’s ИНН and checks its control digits', async () => {
    const without = await t.as(admin).post('/api/partner/add', partner());
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ field: 'inn', message: expect.stringContaining('ИНН') });
    const wrong = await t.as(admin).post('/api/partner/add', partner('7707083894'));
    expect(wrong.json()).toMatchObject({
      field: 'inn',
      message: 'ИНН с ошибкой: контрольные цифры не сходятся',
    });
  });

  it('names the partner as the supplier of every item, with its ИНН', async () => {
    const added = await t.as(admin).post('/api/partner/add', partner('7707083893'));
    expect(added.json().inn).toBe('7707083893');
    const partnerId = added.json().id;
    await t.as(admin).post('/api/coupon/apply', { partnerId, price: 135, discount: 450 });
    const [request] = (await t.as(admin).get('/api/coupons/to/apply')).json();
    await t.as(admin).post('/api/coupon/apply/accept', { couponId: request.couponId, paymentLink: '' });

    const res = await t.as(buyer).post(`/api/payments/${request.couponId}`, { email: 'agent@example.ru' });
    expect(res.statusCode).toBe(200);
    const items = (lastCall(yookassa, '/v3/payments').receipt?.items ?? []) as Record<string, unknown>[];
    const item = items[0];
    expect(item).toMatchObject({
      vat_code: 6,
      agent_type: 'another',
      supplier: { name: 'Катунь 7707083893', phone: '79130000000', inn: '7707083893' },
    });
  });
});

describe('receipt settings', () => {
  const base = {
    BOT_TOKEN: '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    COMMUNITY_CHAT_ID: '@rafting_chat',
    PAYMENT_PROVIDER: 'yookassa',
    ...SHOP,
  };

  it('a missing VAT code stops the server with a message naming the variable', () => {
    expect(() => loadConfig({ ...base, YOOKASSA_RECEIPTS: '1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, YOOKASSA_RECEIPTS: '1' })).toThrow(
      /^Invalid configuration:\n {2}- RECEIPT_VAT_CODE: required with YOOKASSA_RECEIPTS=1/,
    );
    expect(loadConfig({ ...base, YOOKASSA_RECEIPTS: '1', RECEIPT_VAT_CODE: '1' }).receipts?.vatCode).toBe(1);
  });

  it('checks every setting’s range and names the bad one', () => {
    expect(() => loadConfig({ ...base, YOOKASSA_RECEIPTS: '1', RECEIPT_VAT_CODE: '13' })).toThrow(
      /RECEIPT_VAT_CODE: expected a VAT code from 1 to 12/,
    );
    expect(() =>
      loadConfig({ ...base, YOOKASSA_RECEIPTS: '1', RECEIPT_VAT_CODE: '1', RECEIPT_TAX_SYSTEM_CODE: '7' }),
    ).toThrow(/RECEIPT_TAX_SYSTEM_CODE/);
    expect(() =>
      loadConfig({ ...base, YOOKASSA_RECEIPTS: '1', RECEIPT_VAT_CODE: '1', RECEIPT_PAYMENT_MODE: 'gift' }),
    ).toThrow(/RECEIPT_PAYMENT_MODE/);
  });

  it('takes every VAT code YooKassa lists, the 5 %, 7 % and 22 % rates among them', () => {
    for (let code = 1; code <= 12; code += 1) {
      expect(
        loadConfig({ ...base, YOOKASSA_RECEIPTS: '1', RECEIPT_VAT_CODE: String(code) }).receipts?.vatCode,
      ).toBe(code);
    }
  });

  it('warns at start-up, without refusing, of УСН without VAT: from 2026 it may owe VAT', () => {
    const usn = (vat: string, tax: string) =>
      configWarnings(
        loadConfig({ ...base, YOOKASSA_RECEIPTS: '1', RECEIPT_VAT_CODE: vat, RECEIPT_TAX_SYSTEM_CODE: tax }),
      );
    expect(usn('1', '2')).toEqual([
      expect.stringContaining('from 2026 a УСН payer over 20 M руб a year pays VAT'),
    ]);
    expect(usn('1', '3')).toHaveLength(1);
    expect(usn('7', '2')).toEqual([]);
    expect(usn('1', '1')).toEqual([]);
    expect(configWarnings(loadConfig(base))).toEqual([]);
  });

  it('takes the defaults for subject and mode, and no receipts unless asked', () => {
    expect(loadConfig({ ...base, YOOKASSA_RECEIPTS: '1', RECEIPT_VAT_CODE: '4' }).receipts).toEqual({
      vatCode: 4,
      taxSystemCode: undefined,
      paymentSubject: 'service',
      paymentMode: 'full_payment',
      agentType: undefined,
    });
    expect(loadConfig(base).receipts).toBeNull();
  });
});
