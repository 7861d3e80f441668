import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeYooKassa, startFakeYooKassa } from '../../../../test-support/fake-yookassa.ts';
import {
  addPartnerWithCoupons,
  couponsIssuedFor,
  giveConsent,
  paidInvoiceMessage,
  sandboxPayment,
} from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { auditEvents, offerHolds, payments, purchasedCoupons, refunds } from '../../db/schema.ts';
import type { TelegramUser } from '../../telegram/init-data.ts';

/**
 * A payment that succeeds after its hold lapsed, when another took the offer's last unit: with every
 * provider it ends in its money given back by the provider, or owed in the admins' queue until an
 * admin marks it returned — never in a coupon over the quantity, never in money kept unrecorded.
 */
const admin = telegramUser('ur_admin');
const late = telegramUser('ur_late', 'Поздний');
const onTime = telegramUser('ur_on_time');
const SECRET = 'webhook-secret-for-unsold-refunds_0123456789';
let yookassa: FakeYooKassa;

/** A shop paying through one provider, with a limited offer of one coupon at 100 руб. */
async function shopWith(env: Record<string, string>) {
  const t = await createTestApp({
    env: { ADMIN_USERNAMES: 'ur_admin', LOG_LEVEL: 'fatal', ...env },
    rateLimits: false,
  });
  for (const user of [late, onTime]) {
    t.botApi.members.set(user.id, 'member');
    await giveConsent(t, user);
  }
  const [couponId] = (
    await addPartnerWithCoupons(t, admin, { companyName: 'Последний', region: 'Карелия' }, [
      { price: 100, discount: 900 },
    ])
  ).couponIds as [number];
  expect((await t.as(admin).put(`/api/admin/coupons/${couponId}`, { quantity: 1 })).statusCode).toBe(200);
  return { t, couponId };
}

/** The late buyer's payment, its hold lapsed and the unit taken by another's payment under way. */
async function lateAndOnTime(t: TestApp, couponId: number) {
  const first = await t.as(late).post(`/api/payments/${couponId}`);
  expect(first.statusCode, first.body).toBe(200);
  const latePayment = first.json().paymentId as string;
  await t.database.db
    .update(offerHolds)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(offerHolds.paymentId, latePayment));
  const second = await t.as(onTime).post(`/api/payments/${couponId}`);
  expect(second.statusCode, second.body).toBe(200);
  return { latePayment, onTimePayment: second.json().paymentId as string };
}

const confirm = (t: TestApp, who: TelegramUser, couponId: number, paymentId: string) =>
  t.as(who).post(`/api/coupons/buy/${couponId}/${who.username}`, { paymentId });
const queueOf = async (t: TestApp) => {
  const res = await t.as(admin).get('/api/admin/unsold-refunds');
  expect(res.statusCode).toBe(200);
  return res.json() as Array<Record<string, unknown> & { id: string }>;
};
const issuedOf = async (t: TestApp, couponId: number) =>
  (await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.couponId, couponId))).length;
async function toldTo(t: TestApp, who: TelegramUser) {
  await t.deliverNotifications();
  return t.botApi
    .sentMessages()
    .filter((m) => m.chatId === who.id)
    .map((m) => m.text);
}

/** What every provider ends in: the late payment canceled with no coupon, the on-time one sold. */
async function neverOverQuantity(t: TestApp, couponId: number, latePayment: string) {
  expect(await couponsIssuedFor(t, latePayment)).toBe(0);
  const [row] = await t.database.db.select().from(payments).where(eq(payments.id, latePayment));
  expect(row?.status).toBe('CANCELED');
  expect(await issuedOf(t, couponId)).toBe(1);
}

/** The admin marks the owed money returned: once, the buyer told, the list empty again. */
async function settledByAdmin(t: TestApp, refundId: string, paymentId: string) {
  const settle = () => t.as(admin).post(`/api/admin/unsold-refunds/${refundId}/settle`);
  const first = await settle();
  expect(first.statusCode, first.body).toBe(200);
  expect(first.json()).toEqual({ status: 'REFUNDED' });
  expect((await settle()).json()).toEqual({ status: 'REFUNDED' });
  expect(await queueOf(t)).toEqual([]);
  expect(await toldTo(t, late)).toContainEqual(
    'Администратор вернул вам 100 руб. за купон «Последний» (Карелия) на скидку 900 руб.: ' +
      'купоны закончились, пока шла оплата.',
  );
  const events = await t.database.db
    .select({ actorId: auditEvents.actorId })
    .from(auditEvents)
    .where(
      and(eq(auditEvents.subject, `payment:${paymentId}`), eq(auditEvents.kind, 'payment.refunded_outside')),
    );
  expect(events.map((event) => Number(event.actorId))).toEqual([admin.id]);
  const unknown = await t.as(admin).post(`/api/admin/unsold-refunds/${crypto.randomUUID()}/settle`);
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json()).toMatchObject({ error: 'unsold_refund_not_found', message: 'Такого возврата нет' });
}

const OWED_TEXT =
  'Купоны «Последний» закончились, пока шла оплата: бронь купона истекла, и свободных не осталось. ' +
  'Администраторы уже знают об этом и вернут вам 100 руб. Бот напишет, когда деньги вернут.';

beforeAll(async () => {
  yookassa = await startFakeYooKassa({ shopId: '500700', secretKey: 'unsold_secret' });
});
afterAll(() => yookassa.close());

describe('the sandbox', () => {
  let t: TestApp;
  let couponId: number;
  beforeAll(async () => ({ t, couponId } = await shopWith({})));
  afterAll(() => t.close());

  it('gives the money back by itself: nothing owed in the queue', async () => {
    const { latePayment, onTimePayment } = await lateAndOnTime(t, couponId);
    await sandboxPayment(t, latePayment, 'pay');
    expect((await confirm(t, late, couponId, latePayment)).json()).toMatchObject({ error: 'sold_out' });
    expect(await queueOf(t)).toEqual([]);
    expect((await toldTo(t, late)).at(-1)).toContain('Мы вернули 100 руб');
    await sandboxPayment(t, onTimePayment, 'pay');
    expect((await confirm(t, onTime, couponId, onTimePayment)).statusCode).toBe(200);
    await neverOverQuantity(t, couponId, latePayment);
  });
});

describe('YooKassa', () => {
  let t: TestApp;
  let couponId: number;
  beforeAll(async () => {
    ({ t, couponId } = await shopWith({
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: '500700',
      YOOKASSA_SECRET_KEY: 'unsold_secret',
      YOOKASSA_API_URL: yookassa.apiUrl,
    }));
  });
  afterAll(() => t.close());

  const providerIdOf = async (paymentId: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]
      ?.providerPaymentId as string;

  it('refunds through YooKassa: the refund made there, nothing owed', async () => {
    const { latePayment, onTimePayment } = await lateAndOnTime(t, couponId);
    const providerId = await providerIdOf(latePayment);
    yookassa.succeed(providerId);
    expect((await confirm(t, late, couponId, latePayment)).statusCode).toBe(409);
    expect([...yookassa.refunds.values()].filter((refund) => refund.payment_id === providerId)).toMatchObject(
      [{ status: 'succeeded', amount: { value: '100.00' } }],
    );
    expect(await queueOf(t)).toEqual([]);
    yookassa.succeed(await providerIdOf(onTimePayment));
    expect((await confirm(t, onTime, couponId, onTimePayment)).statusCode).toBe(200);
    await neverOverQuantity(t, couponId, latePayment);
  });

  it('a refund YooKassa refuses is owed in the admins’ queue instead, with YooKassa’s payment id', async () => {
    const { id: purchasedCouponId } = (await t.as(onTime).get('/api/me/data')).json().coupons[0];
    expect((await t.as(admin).post(`/api/admin/purchases/${purchasedCouponId}/refund`)).statusCode).toBe(200);
    const { latePayment } = await lateAndOnTime(t, couponId);
    const providerId = await providerIdOf(latePayment);
    yookassa.answerRefundsWith('canceled');
    yookassa.succeed(providerId);
    expect((await confirm(t, late, couponId, latePayment)).statusCode).toBe(409);
    yookassa.answerRefundsWith('succeeded');
    expect(await queueOf(t)).toEqual([
      expect.objectContaining({
        paymentId: latePayment,
        provider: 'yookassa',
        providerPaymentId: providerId,
      }),
    ]);
    // The sweep of refunds under way leaves it to an admin: YooKassa is not asked again.
    await t.database.db
      .update(refunds)
      .set({ createdAt: sql`now() - interval '3 minutes'` })
      .where(eq(refunds.paymentId, latePayment));
    await t.app.maintenance.sweeps.pendingRefunds();
    expect(await queueOf(t)).toHaveLength(1);
    expect([...yookassa.refunds.values()].filter((refund) => refund.payment_id === providerId)).toHaveLength(
      1,
    );
    expect(await couponsIssuedFor(t, latePayment)).toBe(0);
  });
});

describe('Telegram’s payment sheet', () => {
  let t: TestApp;
  let couponId: number;
  let updateId = 1;
  beforeAll(async () => {
    ({ t, couponId } = await shopWith({
      PAYMENT_PROVIDER: 'telegram',
      TELEGRAM_PAYMENT_PROVIDER_TOKEN: '381764678:TEST:100500',
      PUBLIC_URL: 'https://coupons.example.ru',
      TELEGRAM_WEBHOOK_SECRET: SECRET,
    }));
  });
  afterAll(() => t.close());

  const paid = (who: TelegramUser, paymentId: string, chargeId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': SECRET },
      payload: { update_id: updateId++, message: paidInvoiceMessage(who, paymentId, chargeId) },
    });

  it('cannot refund a card payment: the money is owed in the admins’ queue, with YooKassa’s id, and the buyer is told so', async () => {
    const { latePayment, onTimePayment } = await lateAndOnTime(t, couponId);
    expect((await paid(late, latePayment, 'tg-late')).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, latePayment));
    expect(row?.providerChargeId).toBe('yk-tg-late');

    const queue = await queueOf(t);
    expect(queue).toEqual([
      {
        id: expect.any(String),
        paymentId: latePayment,
        buyer: { id: late.id, name: '@ur_late' },
        partner: { id: expect.any(Number), companyName: 'Последний', region: 'Карелия' },
        offerId: couponId,
        discount: 900,
        amount: 100,
        provider: 'telegram',
        providerPaymentId: 'yk-tg-late',
        at: expect.any(String),
      },
    ]);
    expect(await toldTo(t, late)).toContainEqual(OWED_TEXT);
    expect((await toldTo(t, admin)).at(-1)).toBe(
      '@ur_late заплатил 100 руб. за купон «Последний» (Карелия) на скидку 900 руб., но купоны закончились, ' +
        'пока шла оплата, и купон не выдан. Оплата была в Telegram: верните ее в личном кабинете ЮKassa.\n' +
        'Верните деньги и отметьте возврат в разделе «Покупки».',
    );
    // Telegram sends the update again: nothing owed twice.
    await paid(late, latePayment, 'tg-late');
    expect(await queueOf(t)).toHaveLength(1);

    expect((await paid(onTime, onTimePayment, 'tg-on-time')).statusCode).toBe(200);
    await neverOverQuantity(t, couponId, latePayment);
    await settledByAdmin(t, queue[0]?.id as string, latePayment);
  });

  it('the queue is the admins’: a buyer is refused it', async () => {
    expect((await t.as(late).get('/api/admin/unsold-refunds')).statusCode).toBe(403);
  });
});

describe('the payment link', () => {
  let t: TestApp;
  let couponId: number;
  beforeAll(async () => ({ t, couponId } = await shopWith({ PAYMENT_PROVIDER: 'link' })));
  afterAll(() => t.close());

  it('took the money past the app: the buyer’s «Да» after the lapse is owed in the admins’ queue until marked', async () => {
    const { latePayment, onTimePayment } = await lateAndOnTime(t, couponId);
    const refused = await confirm(t, late, couponId, latePayment);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Деньги вам вернут, бот пришлет сообщение');
    const queue = await queueOf(t);
    expect(queue).toEqual([
      expect.objectContaining({
        paymentId: latePayment,
        provider: 'link',
        providerPaymentId: null,
        amount: 100,
      }),
    ]);
    expect(await toldTo(t, late)).toContainEqual(OWED_TEXT);
    expect((await toldTo(t, admin)).at(-1)).toContain('Оплата была по ссылке');

    expect((await confirm(t, onTime, couponId, onTimePayment)).statusCode).toBe(200);
    await neverOverQuantity(t, couponId, latePayment);
    await settledByAdmin(t, queue[0]?.id as string, latePayment);
  });
});
