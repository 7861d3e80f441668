import { PassThrough } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCouponQr } from '#contract/coupon-qr';
import { type FakeYooKassa, startFakeYooKassa } from '../../../../test-support/fake-yookassa.ts';
import { decodeQrPng } from '../../../test/decode-qr.ts';
import { addPartnerWithCoupons, couponsIssuedFor, giveConsent } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestAppOptions, telegramUser } from '../../../test/harness.ts';
import { payments, purchasedCoupons } from '../../db/schema.ts';

let yookassa: FakeYooKassa;
let t: TestApp;
const admin = telegramUser('yk_admin');
const buyer = telegramUser('yk_buyer');
let couponId: number;

/** A server paying through the fake YooKassa, with one coupon the buyer may buy. */
async function openShop(options: Pick<TestAppOptions, 'logStream'> & { logLevel?: string } = {}) {
  const shop = await createTestApp({
    env: {
      ADMIN_USERNAMES: 'yk_admin',
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: '500100',
      YOOKASSA_SECRET_KEY: 'live_secret',
      YOOKASSA_API_URL: yookassa.apiUrl,
      ...(options.logLevel ? { LOG_LEVEL: options.logLevel } : {}),
    },
    // One buyer starts dozens of payments here; the per-user limits are shown in plugins/.
    rateLimits: false,
    logStream: options.logStream,
  });
  shop.botApi.members.set(buyer.id, 'member');
  await giveConsent(shop, buyer);
  const [offer] = (await addPartnerWithCoupons(shop, admin, {}, [{ price: 150, discount: 750 }])).couponIds;
  return { shop, couponId: offer as number };
}

beforeAll(async () => {
  yookassa = await startFakeYooKassa({ shopId: '500100', secretKey: 'live_secret' });
  ({ shop: t, couponId } = await openShop());
});
afterAll(async () => {
  await t.close();
  await yookassa.close();
});

async function startPayment(shop = t, offer = couponId) {
  const res = await shop.as(buyer).post(`/api/payments/${offer}`);
  expect(res.statusCode).toBe(200);
  const { paymentId, paymentUrl } = res.json();
  const [row] = await shop.database.db.select().from(payments).where(eq(payments.id, paymentId));
  return {
    paymentId: paymentId as string,
    paymentUrl: paymentUrl as string,
    providerId: row?.providerPaymentId as string,
  };
}

/** As if YooKassa was last asked about the payment a minute ago: its next notice is read. */
const askedLongAgo = (paymentId: string) =>
  t.database.db
    .update(payments)
    .set({ checkedAt: sql`now() - interval '1 minute'` })
    .where(eq(payments.id, paymentId));

const webhook = (app: TestApp, body: unknown) =>
  app.app.inject({ method: 'POST', url: '/api/payments/webhook/yookassa', payload: body as object });

const issuedFor = (paymentId: string) => couponsIssuedFor(t, paymentId);

describe('buying through YooKassa', () => {
  it('opens YooKassa’s confirmation page for a payment of the coupon’s price', async () => {
    const { paymentUrl, providerId } = await startPayment();
    expect(paymentUrl).toBe(yookassa.payments.get(providerId)?.confirmation.confirmation_url);
    expect(yookassa.payments.get(providerId)?.amount.value).toBe('150.00');
  });

  it('answers 402 while YooKassa says pending, then issues once it succeeded', async () => {
    const { paymentId, providerId } = await startPayment();
    const pending = await t.as(buyer).post(`/api/coupons/buy/${couponId}/yk_buyer`, { paymentId });
    expect(pending.statusCode).toBe(402);
    yookassa.succeed(providerId);
    const paid = await t.as(buyer).post(`/api/coupons/buy/${couponId}/yk_buyer`, { paymentId });
    expect(paid.statusCode).toBe(200);
    expect(await issuedFor(paymentId)).toBe(1);
  });

  it('issues from the webhook even if the buyer never comes back, re-reading the payment first', async () => {
    const { paymentId, providerId } = await startPayment();
    const forged = {
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: providerId, status: 'succeeded' },
    };
    expect((await webhook(t, forged)).statusCode).toBe(200);
    expect(await issuedFor(paymentId)).toBe(0);

    // The true notice comes seconds after the forged one: refused, for YooKassa to send it again.
    const body = yookassa.succeed(providerId);
    expect((await webhook(t, body)).statusCode).toBe(503);
    await askedLongAgo(paymentId);
    expect((await webhook(t, body)).statusCode).toBe(200);
    expect(await issuedFor(paymentId)).toBe(1);
    const list = (await t.as(buyer).get('/api/coupon/valid/qr/customer/yk_buyer')).json();
    expect(list.length).toBeGreaterThan(0);

    // The buyer who never came back has the QR in the bot's chat: one photo carrying its token.
    const [issued] = await t.database.db
      .select({ qrToken: purchasedCoupons.qrToken })
      .from(purchasedCoupons)
      .where(eq(purchasedCoupons.paymentId, paymentId));
    await t.deliverNotifications();
    const photographed = await Promise.all(
      t.botApi
        .sentPhotos()
        .filter((sent) => sent.chatId === buyer.id)
        .map(async (sent) => parseCouponQr(await decodeQrPng(sent.photo.content)).token),
    );
    expect(photographed.filter((token) => token === issued?.qrToken)).toHaveLength(1);
  });

  it('ignores a notification about a payment that is not ours', async () => {
    const res = await webhook(t, {
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: 'someone-elses' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a paid amount that differs from the price, issuing nothing', async () => {
    const { paymentId, providerId } = await startPayment();
    yookassa.succeed(providerId, '1.00');
    const res = await t.as(buyer).post(`/api/coupons/buy/${couponId}/yk_buyer`, { paymentId });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('amount_mismatch');
    expect(
      (await webhook(t, { type: 'notification', event: 'payment.succeeded', object: { id: providerId } }))
        .statusCode,
    ).toBe(200);
    expect(await issuedFor(paymentId)).toBe(0);
  });

  it('issues exactly one coupon for 50 concurrent confirms and webhooks from two server processes', async () => {
    const other = await createTestApp({
      sameDatabaseAs: t,
      env: {
        PAYMENT_PROVIDER: 'yookassa',
        YOOKASSA_SHOP_ID: '500100',
        YOOKASSA_SECRET_KEY: 'live_secret',
        YOOKASSA_API_URL: yookassa.apiUrl,
      },
    });
    try {
      other.botApi.members.set(buyer.id, 'member');
      const { paymentId, providerId } = await startPayment();
      const body = yookassa.succeed(providerId);
      const attempts = Array.from({ length: 50 }, (_, i) => {
        const app = i % 2 === 0 ? t : other;
        return i % 5 === 0
          ? webhook(app, body)
          : app.as(buyer).post(`/api/coupons/buy/${couponId}/yk_buyer`, { paymentId });
      });
      const results = await Promise.all(attempts);
      // A notice arriving while another is asked about is refused for YooKassa to send later (503).
      expect(results.map((r, i) => (i % 5 === 0 && r.statusCode === 503 ? 'later' : r.statusCode))).toEqual(
        results.map((_, i) => (i % 5 === 0 ? expect.anything() : 200)),
      );
      expect(results.filter((r) => ![200, 503].includes(r.statusCode))).toEqual([]);
      const ids = new Set(
        results.filter((r) => r.json().purchasedCouponId).map((r) => r.json().purchasedCouponId),
      );
      expect(ids.size).toBe(1);
      expect(await issuedFor(paymentId)).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe('a refund made in YooKassa', () => {
  async function paidCoupon() {
    const { paymentId, providerId } = await startPayment();
    await webhook(t, yookassa.succeed(providerId));
    // A refund comes from the dashboard later, not seconds after the payment was asked about.
    await askedLongAgo(paymentId);
    const [row] = await t.database.db
      .select()
      .from(purchasedCoupons)
      .where(eq(purchasedCoupons.paymentId, paymentId));
    return { paymentId, providerId, id: row?.id as string, token: row?.qrToken as string };
  }
  const myQr = async () =>
    (await t.as(buyer).get('/api/coupon/valid/qr/customer/yk_buyer')).json() as { id: string }[];

  it('voids the unused coupon: gone from My QR, not valid at the partner, not issued again', async () => {
    const { paymentId, providerId, id, token } = await paidCoupon();
    expect((await myQr()).map((c) => c.id)).toContain(id);

    // The notification names only the refund and its payment; the payment is read back first.
    expect((await webhook(t, yookassa.refund(providerId))).statusCode).toBe(200);

    expect((await myQr()).map((c) => c.id)).not.toContain(id);
    expect((await t.as(admin).get(`/api/coupon/scan/${token}`)).json().status).toBe('REFUNDED');
    const redeem = await t.as(admin).post(`/api/coupon/apply/${token}/yk_admin`);
    expect(redeem.statusCode).toBe(409);
    expect(redeem.json()).toBe('Купон не действителен');
    const confirm = await t.as(buyer).post(`/api/coupons/buy/${couponId}/yk_buyer`, { paymentId });
    expect(confirm.statusCode).toBe(402);
    expect(await issuedFor(paymentId)).toBe(1);
  });

  it('leaves a coupon already used as used: the partner has given the discount', async () => {
    const { providerId, token } = await paidCoupon();
    expect((await t.as(admin).post(`/api/coupon/apply/${token}/yk_admin`)).statusCode).toBe(200);

    expect((await webhook(t, yookassa.refund(providerId))).statusCode).toBe(200);

    expect((await t.as(admin).get(`/api/coupon/scan/${token}`)).json().status).toBe('USED');
  });

  it('never revives a used coupon refunded afterwards: undoing the use voids it', async () => {
    const { providerId, id, token } = await paidCoupon();
    expect((await t.as(admin).post(`/api/coupon/apply/${token}/yk_admin`)).statusCode).toBe(200);
    expect((await webhook(t, yookassa.refund(providerId))).statusCode).toBe(200);

    const undo = await t.as(admin).post(`/api/coupon/undo/${token}`);

    expect(undo.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id));
    expect(row?.status).toBe('REFUNDED');
    expect((await myQr()).map((c) => c.id)).not.toContain(id);
    const again = await t.as(admin).post(`/api/coupon/apply/${token}/yk_admin`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toBe('Купон не действителен');
  });

  it('ignores a notification that claims a refund YooKassa does not know of', async () => {
    const { providerId, id } = await paidCoupon();
    const forged = {
      type: 'notification',
      event: 'refund.succeeded',
      object: { id: 'r-1', payment_id: providerId },
    };
    expect((await webhook(t, forged)).statusCode).toBe(200);
    expect((await myQr()).map((c) => c.id)).toContain(id);
  });
});

describe('what a notice costs', () => {
  const gets = (providerId: string) =>
    yookassa.requests.filter((r) => r.method === 'GET' && r.path.endsWith(providerId)).length;

  it('asks YooKassa nothing about a payment already settled, however often the notice comes', async () => {
    const { paymentId, providerId } = await startPayment();
    const body = yookassa.succeed(providerId);
    expect((await webhook(t, body)).statusCode).toBe(200);
    expect(await issuedFor(paymentId)).toBe(1);
    const before = gets(providerId);

    const replays = await Promise.all(Array.from({ length: 20 }, () => webhook(t, body)));

    expect(replays.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(gets(providerId)).toBe(before);
  });

  it('asks once about a pending payment told of twenty times at once, refusing the rest for later', async () => {
    const { providerId } = await startPayment();
    const notice = { type: 'notification', event: 'payment.succeeded', object: { id: providerId } };

    const replays = await Promise.all(Array.from({ length: 20 }, () => webhook(t, notice)));

    expect(replays.map((r) => r.statusCode).sort()).toEqual([200, ...Array(19).fill(503)]);
    expect(gets(providerId)).toBe(1);
  });

  it('asks nothing about a refund its coupon already carries', async () => {
    const { paymentId, providerId } = await startPayment();
    await webhook(t, yookassa.succeed(providerId));
    await askedLongAgo(paymentId);
    const refund = yookassa.refund(providerId);
    expect((await webhook(t, refund)).statusCode).toBe(200);
    await askedLongAgo(paymentId);
    const before = gets(providerId);

    expect((await webhook(t, refund)).statusCode).toBe(200);
    expect(gets(providerId)).toBe(before);
  });
});

describe('answers that say what is true', () => {
  it('says the payment is still being made when «Да» comes before YooKassa answered the start', async () => {
    const { paymentId } = await startPayment();
    // As if the start were still waiting for YooKassa's answer.
    await t.database.db
      .update(payments)
      .set({ providerPaymentId: null, confirmationUrl: null })
      .where(eq(payments.id, paymentId));

    const res = await t.as(buyer).post(`/api/coupons/buy/${couponId}/yk_buyer`, { paymentId });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'payment_being_created',
      message: 'Оплата еще создается. Подождите несколько секунд и нажмите «Да» снова.',
    });
  });

  it('a live shop takes a YooKassa test payment for nothing, and its notice is not sent again', async () => {
    const live = await createTestApp({
      sameDatabaseAs: t,
      env: {
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'yookassa',
        YOOKASSA_SHOP_ID: '500100',
        YOOKASSA_SECRET_KEY: 'live_secret',
        YOOKASSA_API_URL: yookassa.apiUrl,
        YOOKASSA_WEBHOOK_IPS: '0',
        PUBLIC_URL: 'https://coupons.example.org',
        OPERATOR_NAME: 'ИП Тестов',
        OPERATOR_INN: '123456789012',
        OPERATOR_OGRN: '123456789012345',
        OPERATOR_ADDRESS: 'Петрозаводск',
        OPERATOR_EMAIL: 'shop@example.org',
      },
      rateLimits: false,
    });
    try {
      live.botApi.members.set(buyer.id, 'member');
      await giveConsent(live, buyer);
      const first = (await live.as(buyer).post(`/api/payments/${couponId}`)).json();
      const second = (await live.as(buyer).post(`/api/payments/${couponId}`)).json();
      const providerIdOf = async (id: string) =>
        (await live.database.db.select().from(payments).where(eq(payments.id, id)))[0]
          ?.providerPaymentId as string;

      yookassa.succeed(await providerIdOf(first.paymentId));
      const confirm = await live
        .as(buyer)
        .post(`/api/coupons/buy/${couponId}/yk_buyer`, { paymentId: first.paymentId });
      const notice = yookassa.succeed(await providerIdOf(second.paymentId));
      const notified = await live.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/yookassa',
        payload: notice,
      });

      expect(confirm.statusCode).toBe(409);
      expect(confirm.json().error).toBe('test_payment_ignored');
      expect(notified.statusCode).toBe(200);
      expect([await issuedFor(first.paymentId), await issuedFor(second.paymentId)]).toEqual([0, 0]);
    } finally {
      await live.close();
    }
  });
});

describe('payments nobody settled', () => {
  const startedLongAgo = (paymentId: string, shop = t) =>
    shop.database.db
      .update(payments)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(payments.id, paymentId));

  it('issues the coupon of a payment whose buyer never came back and whose notice was lost', async () => {
    const { paymentId, providerId } = await startPayment();
    yookassa.succeed(providerId);
    await startedLongAgo(paymentId);

    const { issued } = await t.app.maintenance.sweeps.stalePayments();

    expect(issued).toBeGreaterThanOrEqual(1);
    expect(await issuedFor(paymentId)).toBe(1);
  });

  it('tracks again a start a restart cut before YooKassa’s answer was kept, under the same key', async () => {
    const { paymentId, providerId } = await startPayment();
    await t.database.db
      .update(payments)
      .set({ providerPaymentId: null, confirmationUrl: null })
      .where(eq(payments.id, paymentId));
    yookassa.succeed(providerId);
    await startedLongAgo(paymentId);

    await t.app.maintenance.sweeps.stalePayments();

    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row?.providerPaymentId).toBe(providerId);
    expect(await issuedFor(paymentId)).toBe(1);
  });

  it('finishes a sweep under way before the server closes its database', async () => {
    const logStream = new PassThrough();
    let logged = '';
    logStream.on('data', (chunk: Buffer) => {
      logged += chunk.toString();
    });
    const { shop, couponId: offer } = await openShop({ logStream, logLevel: 'info' });
    const { paymentId, providerId } = await startPayment(shop, offer);
    yookassa.succeed(providerId);
    await startedLongAgo(paymentId, shop);
    const answers = yookassa.holdPaymentAnswers();

    shop.app.maintenance.start();
    await answers.asked;
    const closed = shop.close();
    // YooKassa answers while the server is closing: the sweep still has its writes to make.
    setTimeout(answers.release, 100);
    await closed;

    const lines = logged
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string });
    expect(lines.map(({ msg }) => msg)).not.toContain('stale payment not settled; asked again later');
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'stale payments asked about again', asked: 1, issued: 1 }),
    );
  });

  it('leaves a recent pending payment alone', async () => {
    const { paymentId, providerId } = await startPayment();
    yookassa.succeed(providerId);

    await t.app.maintenance.sweeps.stalePayments();

    expect(await issuedFor(paymentId)).toBe(0);
  });
});
