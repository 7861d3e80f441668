import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQrPng } from '../../../test/decode-qr.ts';
import {
  addPartnerWithCoupons,
  ageMembership,
  couponsIssuedFor,
  giveConsent,
  paidInvoiceMessage,
} from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { offerHolds, payments, users } from '../../db/schema.ts';
import type { TelegramUser } from '../../telegram/init-data.ts';
import { TRUSTED_FOR_PAYMENT_S } from '../users/membership.service.ts';

const SECRET = 'webhook-secret-for-invoices_0123456789';
const PROVIDER_TOKEN = '381764678:TEST:100500';

let t: TestApp;
const admin = telegramUser('tp_admin');
const buyer = telegramUser('tp_buyer');
const leaver = telegramUser('tp_leaver');
let couponId: number;
let nextUpdateId = 1;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      ADMIN_USERNAMES: 'tp_admin',
      PAYMENT_PROVIDER: 'telegram',
      TELEGRAM_PAYMENT_PROVIDER_TOKEN: PROVIDER_TOKEN,
      PUBLIC_URL: 'https://coupons.example.ru',
      TELEGRAM_WEBHOOK_SECRET: SECRET,
    },
    rateLimits: false,
  });
  for (const user of [buyer, leaver]) {
    t.botApi.members.set(user.id, 'member');
    await giveConsent(t, user);
  }
  couponId = (
    await addPartnerWithCoupons(t, admin, { companyName: 'Порожистая' }, [{ price: 100, discount: 500 }])
  ).couponIds[0] as number;
});
afterAll(() => t.close());

const update = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/telegram/webhook',
    headers: { 'x-telegram-bot-api-secret-token': SECRET },
    payload: { update_id: nextUpdateId++, ...body },
  });
const from = (user: TelegramUser) => ({
  id: user.id,
  is_bot: false,
  first_name: user.firstName,
  username: user.username,
});

const preCheckout = (user: TelegramUser, payload: string, totalKopecks = 10_000) =>
  update({
    pre_checkout_query: {
      id: `q${nextUpdateId}`,
      from: from(user),
      currency: 'RUB',
      total_amount: totalKopecks,
      invoice_payload: payload,
    },
  });
const successfulPayment = (user: TelegramUser, payload: string, chargeId: string) =>
  update({ message: paidInvoiceMessage(user, payload, chargeId) });
const lastAnswer = () => t.botApi.callsOf('answerPreCheckoutQuery').at(-1)?.params;
const issuedFor = (paymentId: string) => couponsIssuedFor(t, paymentId);

async function startInvoice(user = buyer, offerId = couponId) {
  const res = await t.as(user).post(`/api/payments/${offerId}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { paymentId: string; invoiceUrl: string };
}

describe('Telegram’s own payment sheet', () => {
  it('answers an invoice link made with createInvoiceLink: RUB, the price in kopecks, our payment as payload', async () => {
    const { paymentId, invoiceUrl } = await startInvoice();
    expect(invoiceUrl).toMatch(/^https:\/\/t\.me\/\$invoice-/);
    const made = t.botApi.callsOf('createInvoiceLink').at(-1)?.params;
    expect(made).toMatchObject({ payload: paymentId, provider_token: PROVIDER_TOKEN, currency: 'RUB' });
    expect(made?.prices).toEqual([{ label: expect.any(String), amount: 10_000 }]);
  });

  it('accepts the pre-checkout query of an offer on sale for a member, and refuses a withdrawn one in Russian', async () => {
    const { paymentId } = await startInvoice();
    expect((await preCheckout(buyer, paymentId)).statusCode).toBe(200);
    expect(lastAnswer()).toMatchObject({ ok: true });

    await t.as(admin).post(`/api/admin/coupons/${couponId}/withdraw`);
    await preCheckout(buyer, paymentId);
    await t.as(admin).post(`/api/admin/coupons/${couponId}/reopen`);
    expect(lastAnswer()).toMatchObject({
      ok: false,
      error_message: 'Этот купон больше не продается. Деньги не списаны.',
    });
  });

  it('refuses the sheet of a payment whose hold lapsed when its unit went to another, before any money is taken', async () => {
    const second = telegramUser('tp_second');
    t.botApi.members.set(second.id, 'member');
    await giveConsent(t, second);
    const { partnerId } = await addPartnerWithCoupons(t, admin, { companyName: 'Одна штука' });
    await t.as(admin).post('/api/coupon/apply', { partnerId, price: 100, discount: 500, quantity: 1 });
    const request = (await t.as(admin).get('/api/coupons/to/apply')).json().at(-1);
    await t.as(admin).post('/api/coupon/apply/accept', { couponId: request.couponId, paymentLink: '' });

    const late = await startInvoice(buyer, request.couponId);
    await t.database.db
      .update(offerHolds)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(offerHolds.paymentId, late.paymentId));
    const taken = await startInvoice(second, request.couponId);

    await preCheckout(buyer, late.paymentId);
    expect(lastAnswer()).toMatchObject({
      ok: false,
      error_message: 'Купоны закончились, пока открывалась оплата. Деньги не списаны.',
    });
    await preCheckout(second, taken.paymentId);
    expect(lastAnswer()).toMatchObject({ ok: true });
  });

  it('refuses a buyer who left the chat, a changed sum and someone else’s invoice', async () => {
    const { paymentId } = await startInvoice(leaver);
    t.botApi.members.set(leaver.id, 'left');
    await ageMembership(t, leaver.id);
    await preCheckout(leaver, paymentId);
    expect(String(lastAnswer()?.error_message)).toContain('участники сплавного чата');

    const own = await startInvoice();
    await preCheckout(buyer, own.paymentId, 100);
    expect(lastAnswer()?.ok).toBe(false);
    await preCheckout(admin, own.paymentId);
    expect(lastAnswer()?.ok).toBe(false);
  });

  it('asks a buyer confirmed in the chat long ago to try again when Telegram cannot answer, taking nothing', async () => {
    const { paymentId } = await startInvoice();
    await t.database.db
      .update(users)
      .set({ membershipCheckedAt: sql`now() - make_interval(secs => ${TRUSTED_FOR_PAYMENT_S + 60})` })
      .where(eq(users.id, buyer.id));
    t.botApi.setMethodError('getChatMember', { error_code: 500, description: 'Internal Server Error' });
    try {
      await preCheckout(buyer, paymentId);
    } finally {
      t.botApi.setMethodError('getChatMember', undefined);
    }
    expect(lastAnswer()).toMatchObject({
      ok: false,
      error_message:
        'Не получилось проверить, что вы в сплавном чате: Telegram просит подождать. Попробуйте через минуту. Деньги не списаны.',
    });

    await preCheckout(buyer, paymentId);
    expect(lastAnswer()).toMatchObject({ ok: true });
  });

  it('issues exactly one coupon for 50 repeated successful_payment updates, and the QR appears without a question', async () => {
    const { paymentId } = await startInvoice();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => successfulPayment(buyer, paymentId, 'charge-1')),
    );

    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    expect(await issuedFor(paymentId)).toBe(1);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: 'SUCCEEDED', telegramChargeId: 'charge-1' });
    const myQr = (await t.as(buyer).get('/api/coupon/valid/qr/customer/tp_buyer')).json();
    expect(myQr).toHaveLength(1);

    // The bot sends the QR into the chat once, as a photo of the very QR My QR shows.
    await t.deliverNotifications();
    const photos = t.botApi.sentPhotos().filter((photo) => photo.chatId === buyer.id);
    expect(photos).toHaveLength(1);
    const shown = await t.as(buyer).get(myQr[0].qrImageUrl);
    expect(await decodeQrPng(photos[0]?.photo.content ?? new Uint8Array())).toBe(
      await decodeQrPng(shown.rawPayload),
    );
    expect(photos[0]?.caption).toContain('Купон «Порожистая» (Карелия): скидка 500\u00a0руб');
    // Under it, a button opening My QR in the app.
    const markup = t.botApi.callsOf('sendPhoto').at(-1)?.params.reply_markup;
    expect(JSON.parse(String(markup))).toEqual({
      inline_keyboard: [[{ text: 'Мои QR', web_app: { url: 'https://coupons.example.ru/my-coupons' } }]],
    });
  });

  it('a charge recorded whose coupon was cut short (a kill between the two writes) is issued by the sweep, once', async () => {
    const { paymentId } = await startInvoice();
    // What a process killed after recording Telegram's charge and before issuing leaves behind.
    await t.database.db
      .update(payments)
      .set({ telegramChargeId: 'charge-cut' })
      .where(eq(payments.id, paymentId));
    expect(await issuedFor(paymentId)).toBe(0);

    expect((await t.app.maintenance.sweeps.stalePayments()).issued).toBeGreaterThanOrEqual(1);
    await t.app.maintenance.sweeps.stalePayments();
    expect(await issuedFor(paymentId)).toBe(1);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row?.status).toBe('SUCCEEDED');
    // And Telegram's resend of the update, had it come, issues nothing more.
    await successfulPayment(buyer, paymentId, 'charge-cut');
    expect(await issuedFor(paymentId)).toBe(1);
  });

  it('a paid invoice the database failed to settle is answered 5xx, for Telegram to send it again', async () => {
    const { paymentId } = await startInvoice();
    await t.database.db.execute(sql`ALTER TABLE purchased_coupons RENAME TO purchased_coupons_away`);
    let failed: number;
    try {
      failed = (await successfulPayment(buyer, paymentId, 'charge-db-down')).statusCode;
    } finally {
      await t.database.db.execute(sql`ALTER TABLE purchased_coupons_away RENAME TO purchased_coupons`);
    }
    expect(failed).toBeGreaterThanOrEqual(500);
    nextUpdateId -= 1;
    expect((await successfulPayment(buyer, paymentId, 'charge-db-down')).statusCode).toBe(200);
    expect(await issuedFor(paymentId)).toBe(1);
  });

  it('a succeeded payment found without its coupon gets it from the sweep', async () => {
    const { paymentId } = await startInvoice();
    await t.database.db.update(payments).set({ status: 'SUCCEEDED' }).where(eq(payments.id, paymentId));
    await t.app.maintenance.sweeps.stalePayments();
    expect(await issuedFor(paymentId)).toBe(1);
  });

  it('a second charge for the same payment issues nothing more', async () => {
    const { paymentId } = await startInvoice();
    await successfulPayment(buyer, paymentId, 'charge-2');
    await successfulPayment(buyer, paymentId, 'charge-3');
    expect(await issuedFor(paymentId)).toBe(1);
  });
});
