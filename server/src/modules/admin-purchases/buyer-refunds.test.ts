import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMyCoupon } from '#contract/purchases';
import { type FakeYooKassa, startFakeYooKassa } from '../../../../test-support/fake-yookassa.ts';
import { addPartnerWithCoupons, expireCoupon, giveConsent } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { auditEvents, notifications, purchasedCoupons, refunds } from '../../db/schema.ts';

let yookassa: FakeYooKassa;
let t: TestApp;
const admin = telegramUser('sr_admin');
const buyer = telegramUser('sr_buyer');
const friend = telegramUser('sr_friend');
const stranger = telegramUser('sr_stranger');
const partner = telegramUser('sr_partner');
let couponId: number;

beforeAll(async () => {
  yookassa = await startFakeYooKassa({ shopId: '500300', secretKey: 'self_refund_secret' });
  t = await createTestApp({
    env: {
      ADMIN_USERNAMES: 'sr_admin',
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: '500300',
      YOOKASSA_SECRET_KEY: 'self_refund_secret',
      YOOKASSA_API_URL: yookassa.apiUrl,
      YOOKASSA_RECEIPTS: '1',
      RECEIPT_VAT_CODE: '1',
    },
    rateLimits: false,
  });
  for (const user of [buyer, friend, stranger, partner]) t.botApi.members.set(user.id, 'member');
  await giveConsent(t, buyer);
  couponId = (
    await addPartnerWithCoupons(t, admin, { companyName: 'Сам верну', spokesmanNickname: 'sr_partner' }, [
      { price: 180, discount: 600 },
    ])
  ).couponIds[0] as number;
  for (const user of [partner, friend, stranger]) await t.as(user).get('/api/me');
});
afterAll(async () => {
  await t.close();
  await yookassa.close();
});

/** A coupon `buyer` bought and paid through the fake YooKassa (with a receipt to buyer@example.ru). */
async function bought(app: TestApp = t) {
  const start = await app.as(buyer).post(`/api/payments/${couponId}`, { email: 'buyer@example.ru' });
  expect(start.statusCode).toBe(200);
  const { paymentId } = start.json();
  const payment = [...yookassa.payments.values()].find((p) => p.metadata.paymentId === paymentId);
  yookassa.succeed(payment?.id as string);
  const confirm = await app.as(buyer).post(`/api/coupons/buy/${couponId}/sr_buyer`, { paymentId });
  expect(confirm.statusCode).toBe(200);
  const id = confirm.json().purchasedCouponId as string;
  const [row] = await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id));
  return { id, qrToken: row?.qrToken as string, providerPaymentId: payment?.id as string };
}

const refundAsBuyer = (id: string, who = buyer, app: TestApp = t) =>
  app.as(who).post(`/api/me/coupons/${id}/refund`);
const myQr = async (who = buyer) =>
  (await t.as(who).get(`/api/coupon/valid/qr/customer/${who.username}`)).json() as TMyCoupon[];
const statusOf = async (id: string) =>
  (await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id)))[0]?.status;
const redeem = (qrToken: string, app: TestApp = t) =>
  app.as(partner).post(`/api/coupon/apply/${qrToken}/sr_partner`);

describe('a buyer returns an unused coupon themselves', () => {
  it('My QR offers the refund of what was paid; the refund goes through YooKassa with its receipt', async () => {
    const { id, providerPaymentId } = await bought();
    expect((await myQr()).find((c) => c.id === id)?.refundAmount).toBe(180);

    const res = await refundAsBuyer(id);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'REFUNDED' });
    const made = [...yookassa.refunds.values()].filter((r) => r.payment_id === providerPaymentId);
    expect(made).toHaveLength(1);
    const call = yookassa.requests.filter((r) => r.method === 'POST' && r.path === '/v3/refunds').at(-1);
    expect(call?.body).toMatchObject({
      amount: { value: '180.00', currency: 'RUB' },
      receipt: {
        customer: { email: 'buyer@example.ru' },
        items: [{ amount: { value: '180.00', currency: 'RUB' }, payment_mode: 'full_payment' }],
      },
    });
    expect(await statusOf(id)).toBe('REFUNDED');
    expect((await myQr()).map((c) => c.id)).not.toContain(id);
    const events = await t.database.db
      .select({ kind: auditEvents.kind, actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(eq(auditEvents.subject, `purchase:${id}`));
    expect(events).toEqual(
      expect.arrayContaining([
        { kind: 'refund.requested', actorId: buyer.id },
        { kind: 'coupon.refunded', actorId: buyer.id },
      ]),
    );
    const [message] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'COUPON_REFUNDED'), eq(notifications.eventKey, id)));
    expect(message?.chatId).toBe(buyer.id);
    expect(message?.text).toContain('возвращены: 180 руб.');
  });

  it('refuses a second press with 409: the money is already back, and YooKassa is not asked again', async () => {
    const { id } = await bought();
    await refundAsBuyer(id);
    const asked = yookassa.requests.length;

    const again = await refundAsBuyer(id);

    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'refund_already_made',
      message: expect.stringContaining('уже возвращены'),
    });
    expect(yookassa.requests.length).toBe(asked);
  });

  it('refuses a used coupon and an expired one with 409 and a Russian reason', async () => {
    const used = await bought();
    expect((await redeem(used.qrToken)).statusCode).toBe(200);
    const expired = await bought();
    await expireCoupon(t, expired.id);

    const list = await myQr();
    expect(list.find((c) => c.id === used.id)?.refundAmount).toBeNull();
    expect(list.find((c) => c.id === expired.id)?.refundAmount).toBeNull();
    const usedAnswer = await refundAsBuyer(used.id);
    expect(usedAnswer.statusCode).toBe(409);
    expect(usedAnswer.json()).toMatchObject({
      error: 'refund_used',
      message: expect.stringContaining('использован'),
    });
    const expiredAnswer = await refundAsBuyer(expired.id);
    expect(expiredAnswer.statusCode).toBe(409);
    expect(expiredAnswer.json()).toMatchObject({
      error: 'refund_expired',
      message: expect.stringContaining('Срок'),
    });
    expect(await statusOf(used.id)).toBe('USED');
    expect(await statusOf(expired.id)).toBe('NOT_USED');
  });

  it('a gift: the giver has given it away, the friend did not pay for it; a stranger gets 404', async () => {
    const { id } = await bought();
    const gift = await t.as(buyer).post(`/api/coupons/buy/friend/${id}/sr_buyer/sr_friend`);
    expect(gift.statusCode).toBe(200);

    const byGiver = await refundAsBuyer(id);
    expect(byGiver.statusCode).toBe(409);
    expect(byGiver.json()).toMatchObject({
      error: 'refund_given_away',
      message: expect.stringContaining('подарен'),
    });
    const byFriend = await refundAsBuyer(id, friend);
    expect(byFriend.statusCode).toBe(409);
    expect(byFriend.json()).toMatchObject({
      error: 'refund_gift_received',
      message: expect.stringContaining('подарили'),
    });
    expect((await myQr(friend)).find((c) => c.id === id)?.refundAmount).toBeNull();
    const byStranger = await refundAsBuyer(id, stranger);
    expect(byStranger.statusCode).toBe(404);
    expect(await statusOf(id)).toBe('NOT_USED');
  });

  it('past SELF_REFUND_DAYS it is refused with the days named, and My QR no longer offers it', async () => {
    const limited = await createTestApp({
      sameDatabaseAs: t,
      env: {
        ADMIN_USERNAMES: 'sr_admin',
        PAYMENT_PROVIDER: 'yookassa',
        YOOKASSA_SHOP_ID: '500300',
        YOOKASSA_SECRET_KEY: 'self_refund_secret',
        YOOKASSA_API_URL: yookassa.apiUrl,
        YOOKASSA_RECEIPTS: '1',
        RECEIPT_VAT_CODE: '1',
        SELF_REFUND_DAYS: '14',
      },
      rateLimits: false,
    });
    try {
      limited.botApi.members.set(buyer.id, 'member');
      const fresh = await bought(limited);
      const old = await bought(limited);
      await t.database.db
        .update(purchasedCoupons)
        .set({ purchasedAt: sql`now() - interval '14 days 1 minute'` })
        .where(eq(purchasedCoupons.id, old.id));

      const list = (
        await limited.as(buyer).get('/api/coupon/valid/qr/customer/sr_buyer')
      ).json() as TMyCoupon[];
      expect(list.find((c) => c.id === fresh.id)?.refundAmount).toBe(180);
      expect(list.find((c) => c.id === old.id)?.refundAmount).toBeNull();
      const late = await refundAsBuyer(old.id, buyer, limited);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({
        error: 'refund_window_over',
        message: expect.stringContaining('в течение 14 дней после покупки'),
      });
      expect((await refundAsBuyer(fresh.id, buyer, limited)).json()).toEqual({ status: 'REFUNDED' });
    } finally {
      await limited.close();
    }
  });

  it('a refund YooKassa has not finished shows as pending and holds the coupon from redeeming', async () => {
    const { id, qrToken } = await bought();
    yookassa.answerRefundsWith('pending');
    try {
      expect((await refundAsBuyer(id)).json()).toEqual({ status: 'REFUND_PENDING' });
      expect((await refundAsBuyer(id)).json()).toEqual({ status: 'REFUND_PENDING' });
    } finally {
      yookassa.answerRefundsWith('succeeded');
    }
    expect((await myQr()).find((c) => c.id === id)).toMatchObject({
      status: 'REFUND_PENDING',
      refundAmount: null,
    });
    expect((await redeem(qrToken)).statusCode).toBe(409);
    const live = await t.database.db.select().from(refunds).where(eq(refunds.purchasedCouponId, id));
    expect(live).toHaveLength(1);
  });
});

describe('a refund and a redemption of one coupon at once', () => {
  it('exactly one wins, from two server processes, for every coupon', async () => {
    const second = await createTestApp({
      sameDatabaseAs: t,
      env: {
        ADMIN_USERNAMES: 'sr_admin',
        PAYMENT_PROVIDER: 'yookassa',
        YOOKASSA_SHOP_ID: '500300',
        YOOKASSA_SECRET_KEY: 'self_refund_secret',
        YOOKASSA_API_URL: yookassa.apiUrl,
        YOOKASSA_RECEIPTS: '1',
        RECEIPT_VAT_CODE: '1',
      },
      rateLimits: false,
    });
    try {
      second.botApi.members.set(buyer.id, 'member');
      for (let round = 0; round < 6; round += 1) {
        const { id, qrToken } = await bought();
        // Each side from either process, alternately.
        const [refund, redemption] = await Promise.all([
          refundAsBuyer(id, buyer, round % 2 === 0 ? t : second),
          redeem(qrToken, round % 2 === 0 ? second : t),
        ]);
        const refunded = refund.statusCode === 200;
        const redeemed = redemption.statusCode === 200;
        expect({ round, refunded, redeemed }).toEqual({ round, refunded: !redeemed, redeemed: !refunded });
        expect(await statusOf(id)).toBe(refunded ? 'REFUNDED' : 'USED');
        if (!refunded) expect(refund.json().error).toBe('refund_used');
      }
    } finally {
      await second.close();
    }
  });
});

describe('with the link provider, which cannot give money back by itself', () => {
  it('the request waits in the admins’ queue, the buyer sees it pending, and the admin marks it returned', async () => {
    const link = await createTestApp({ env: { ADMIN_USERNAMES: 'sr_admin', PAYMENT_PROVIDER: 'link' } });
    try {
      link.botApi.members.set(buyer.id, 'member');
      await link.as(admin).get('/api/me');
      await giveConsent(link, buyer);
      const { couponIds } = await addPartnerWithCoupons(link, admin, {}, [{ price: 30, discount: 100 }]);
      await link.as(buyer).post(`/api/payments/${couponIds[0]}`);
      const id = (await link.as(buyer).post(`/api/coupons/buy/${couponIds[0]}/sr_buyer`)).json()
        .purchasedCouponId as string;
      await link.deliverNotifications();
      const before = link.botApi.sentMessages().length;

      const res = await link.as(buyer).post(`/api/me/coupons/${id}/refund`);

      expect(res.json()).toEqual({ status: 'REFUND_PENDING' });
      const list = (await link.as(buyer).get('/api/coupon/valid/qr/customer/sr_buyer')).json() as TMyCoupon[];
      expect(list.find((c) => c.id === id)?.status).toBe('REFUND_PENDING');
      await link.deliverNotifications();
      expect(link.botApi.sentMessages().slice(before)).toEqual([
        {
          messageId: expect.any(Number),
          chatId: admin.id,
          text: expect.stringMatching(
            /^@sr_buyer просит вернуть деньги за купон «.+» \(Карелия\) на скидку 100 руб\.: 30 руб\. \(оплата по ссылке, купон уже не действует\)\.\nВерните их и отметьте возврат в разделе «Покупки»\.$/,
          ),
        },
      ]);
      const queue = (await link.as(admin).get('/api/admin/purchases?status=refunding')).json();
      expect(queue.items.map((p: { id: string }) => p.id)).toEqual([id]);

      expect((await link.as(admin).post(`/api/admin/purchases/${id}/refund`)).json()).toEqual({
        status: 'REFUNDED',
      });
      const [row] = await link.database.db.select().from(refunds).where(eq(refunds.purchasedCouponId, id));
      expect(row).toMatchObject({ status: 'SUCCEEDED', outside: true, byBuyer: true, requestedBy: buyer.id });
      const [coupon] = await link.database.db
        .select()
        .from(purchasedCoupons)
        .where(eq(purchasedCoupons.id, id));
      expect(coupon?.status).toBe('REFUNDED');
    } finally {
      await link.close();
    }
  });
});
