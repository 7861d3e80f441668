import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminPurchasesResponse } from '#contract/back-office-purchases';
import type { TMyCoupon } from '#contract/purchases';
import { type FakeYooKassa, startFakeYooKassa } from '../../../../test-support/fake-yookassa.ts';
import { addPartnerWithCoupons, giveConsent } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { auditEvents, notifications, purchasedCoupons, refunds } from '../../db/schema.ts';

let yookassa: FakeYooKassa;
let t: TestApp;
const admin = telegramUser('rf_admin');
const buyer = telegramUser('rf_buyer');
const partner = telegramUser('rf_partner');
const friend = telegramUser('rf_friend');
let couponId: number;

beforeAll(async () => {
  yookassa = await startFakeYooKassa({ shopId: '500200', secretKey: 'refund_secret' });
  t = await createTestApp({
    env: {
      ADMIN_USERNAMES: 'rf_admin',
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: '500200',
      YOOKASSA_SECRET_KEY: 'refund_secret',
      YOOKASSA_API_URL: yookassa.apiUrl,
    },
    rateLimits: false,
  });
  for (const user of [buyer, partner, friend]) t.botApi.members.set(user.id, 'member');
  await giveConsent(t, buyer);
  couponId = (
    await addPartnerWithCoupons(t, admin, { companyName: 'Возвраты', spokesmanNickname: 'rf_partner' }, [
      { price: 180, discount: 600 },
    ])
  ).couponIds[0] as number;
  for (const user of [partner, friend]) await t.as(user).get('/api/me');
});
afterAll(async () => {
  await t.close();
  await yookassa.close();
});

/** A coupon bought and paid through the fake YooKassa; its id, QR token and YooKassa's payment id. */
async function buyThroughYooKassa() {
  const start = await t.as(buyer).post(`/api/payments/${couponId}`);
  const { paymentId } = start.json();
  const payment = [...yookassa.payments.values()].find((p) => p.metadata.paymentId === paymentId);
  yookassa.succeed(payment?.id as string);
  const confirm = await t.as(buyer).post(`/api/coupons/buy/${couponId}/rf_buyer`, { paymentId });
  expect(confirm.statusCode).toBe(200);
  const id = confirm.json().purchasedCouponId as string;
  const [row] = await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id));
  return { id, qrToken: row?.qrToken as string, providerPaymentId: payment?.id as string };
}

const refund = (id: string) => t.as(admin).post(`/api/admin/purchases/${id}/refund`);
const refundsAtYooKassa = (providerPaymentId: string) =>
  [...yookassa.refunds.values()].filter((r) => r.payment_id === providerPaymentId);
const statusOf = async (id: string) =>
  (await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id)))[0]?.status;
const myQrIds = async () =>
  ((await t.as(buyer).get('/api/coupon/valid/qr/customer/rf_buyer')).json() as { id: string }[]).map(
    (c) => c.id,
  );

describe('refunds through YooKassa', () => {
  it('30 simultaneous refund requests make one YooKassa refund and one REFUNDED coupon', async () => {
    const { id, providerPaymentId } = await buyThroughYooKassa();

    const answers = await Promise.all(Array.from({ length: 30 }, () => refund(id)));

    expect(answers.map((res) => res.statusCode)).toEqual(Array(30).fill(200));
    expect(new Set(answers.map((res) => res.json().status))).toEqual(new Set(['REFUNDED']));
    const made = refundsAtYooKassa(providerPaymentId);
    expect(made).toHaveLength(1);
    expect(made[0]?.amount).toEqual({ value: '180.00', currency: 'RUB' });
    expect(await statusOf(id)).toBe('REFUNDED');
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subject, `purchase:${id}`), eq(auditEvents.kind, 'coupon.refunded')));
    expect(events).toHaveLength(1);
    expect(await myQrIds()).not.toContain(id);
  });

  it('sends YooKassa the Idempotence-Key and Basic auth it requires', async () => {
    const { id } = await buyThroughYooKassa();
    await refund(id);
    const [rowRefund] = await t.database.db.select().from(refunds).where(eq(refunds.purchasedCouponId, id));
    const call = yookassa.requests.filter((r) => r.method === 'POST' && r.path === '/v3/refunds').at(-1);
    expect(call?.idempotenceKey).toBe(rowRefund?.id);
  });

  it('tells the buyer by the bot', async () => {
    const { id } = await buyThroughYooKassa();
    await refund(id);
    const [message] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'COUPON_REFUNDED'), eq(notifications.eventKey, id)));
    expect(message?.chatId).toBe(buyer.id);
    expect(message?.text).toContain('возвращены: 180 руб.');
  });

  it('of a gifted coupon: names who paid, pays them back and tells them so, and tells its holder it was withdrawn', async () => {
    const { id } = await buyThroughYooKassa();
    const gift = await t.as(buyer).post(`/api/coupons/buy/friend/${id}/rf_buyer/rf_friend`);
    expect(gift.json()).toMatchObject({ status: 'sent' });
    const listed = (
      (await t.as(admin).get('/api/admin/purchases?q=rf_friend')).json() as TAdminPurchasesResponse
    ).items.find((item) => item.id === id);
    expect(listed).toMatchObject({
      buyer: { id: friend.id, name: '@rf_friend' },
      payer: { id: buyer.id, name: '@rf_buyer' },
    });
    await t.deliverNotifications();
    const before = t.botApi.sentMessages().length;

    expect((await refund(id)).json()).toEqual({ status: 'REFUNDED' });

    await t.deliverNotifications();
    const told = t.botApi
      .sentMessages()
      .slice(before)
      .map((m) => ({ chatId: m.chatId, text: m.text }));
    expect(told).toHaveLength(2);
    expect(told).toEqual(
      expect.arrayContaining([
        {
          chatId: buyer.id,
          text:
            'Деньги за подаренный вами купон «Возвраты» (Карелия) на скидку 600 руб. возвращаются вам: ' +
            '180 руб. Купон больше не действует.',
        },
        {
          chatId: friend.id,
          text:
            'Купон «Возвраты» (Карелия) на скидку 600 руб., который вам подарили, больше не действует: ' +
            'деньги за него вернули тому, кто его оплатил.',
        },
      ]),
    );
  });

  it('refuses a used coupon with 409 and a Russian message, and asks YooKassa nothing', async () => {
    const { id, qrToken, providerPaymentId } = await buyThroughYooKassa();
    expect((await t.as(partner).post(`/api/coupon/apply/${qrToken}/rf_partner`)).statusCode).toBe(200);

    const res = await refund(id);

    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'already_used', message: expect.stringContaining('погашен') });
    expect(refundsAtYooKassa(providerPaymentId)).toHaveLength(0);
  });

  it('a refunded coupon is never valid again: redeeming and undoing it are refused', async () => {
    const { id, qrToken } = await buyThroughYooKassa();
    await refund(id);

    expect((await t.as(partner).post(`/api/coupon/apply/${qrToken}/rf_partner`)).statusCode).toBe(409);
    expect((await t.as(admin).post(`/api/coupon/undo/${qrToken}`)).statusCode).toBe(409);
    expect(await statusOf(id)).toBe('REFUNDED');
  });

  it('a pending refund holds the coupon from redeeming until YooKassa’s refund.succeeded settles it', async () => {
    const { id, qrToken } = await buyThroughYooKassa();
    yookassa.answerRefundsWith('pending');
    try {
      const res = await refund(id);
      expect(res.json()).toEqual({ status: 'REFUND_PENDING' });
    } finally {
      yookassa.answerRefundsWith('succeeded');
    }
    const redeem = await t.as(partner).post(`/api/coupon/apply/${qrToken}/rf_partner`);
    expect(redeem.statusCode).toBe(409);
    expect(await statusOf(id)).toBe('NOT_USED');

    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.purchasedCouponId, id));
    const notice = yookassa.settleRefund(row?.providerRefundId as string, 'succeeded');
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/yookassa',
      payload: notice,
    });
    expect(hook.statusCode).toBe(200);

    expect(await statusOf(id)).toBe('REFUNDED');
    const [settled] = await t.database.db.select().from(refunds).where(eq(refunds.purchasedCouponId, id));
    expect(settled?.status).toBe('SUCCEEDED');
    expect((await refund(id)).json()).toEqual({ status: 'REFUNDED' });
  });

  it('while a refund is pending the buyer, the partner’s scan, the offline kit and the admin’s list say so', async () => {
    const { id, qrToken } = await buyThroughYooKassa();
    const myStatus = async () =>
      ((await t.as(buyer).get('/api/coupon/valid/qr/customer/rf_buyer')).json() as TMyCoupon[]).find(
        (coupon) => coupon.id === id,
      )?.status;
    expect(await myStatus()).toBe('NOT_USED');
    yookassa.answerRefundsWith('pending');
    try {
      expect((await refund(id)).json()).toEqual({ status: 'REFUND_PENDING' });
    } finally {
      yookassa.answerRefundsWith('succeeded');
    }

    expect(await myStatus()).toBe('REFUND_PENDING');
    const scan = await t.as(partner).get(`/api/coupon/scan/${qrToken}`);
    expect(scan.json()).toMatchObject({ status: 'REFUND_PENDING' });
    const kit = (await t.as(partner).get('/api/redemption/offline-kit')).json();
    expect(kit.revoked).toContain(qrToken);
    const listed = async (status: string) =>
      (
        (await t.as(admin).get(`/api/admin/purchases?status=${status}`)).json() as TAdminPurchasesResponse
      ).items
        .filter((item) => item.id === id)
        .map((item) => item.status);
    expect(await listed('refunding')).toEqual(['REFUND_PENDING']);
    expect(await listed('unused')).toEqual([]);

    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.purchasedCouponId, id));
    yookassa.settleRefund(row?.providerRefundId as string, 'canceled');
    await t.database.db.update(refunds).set({ createdAt: sql`now() - interval '10 minutes'` });
    await t.app.maintenance.sweeps.pendingRefunds();

    expect(await myStatus()).toBe('NOT_USED');
    expect(await listed('unused')).toEqual(['NOT_USED']);
  });

  it('a pending refund is settled by the sweep asking YooKassa, and a canceled one opens the coupon again', async () => {
    const first = await buyThroughYooKassa();
    const second = await buyThroughYooKassa();
    yookassa.answerRefundsWith('pending');
    try {
      await refund(first.id);
      await refund(second.id);
    } finally {
      yookassa.answerRefundsWith('succeeded');
    }
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.status, 'PENDING'));
    const refundOf = (id: string) =>
      rows.find((row) => row.purchasedCouponId === id)?.providerRefundId as string;
    yookassa.settleRefund(refundOf(first.id), 'succeeded');
    yookassa.settleRefund(refundOf(second.id), 'canceled');
    await t.database.db.update(refunds).set({ createdAt: sql`now() - interval '10 minutes'` });

    await t.app.maintenance.sweeps.pendingRefunds();

    expect(await statusOf(first.id)).toBe('REFUNDED');
    expect(await statusOf(second.id)).toBe('NOT_USED');
    expect((await t.as(partner).post(`/api/coupon/apply/${second.qrToken}/rf_partner`)).statusCode).toBe(200);
  });

  it('is for admins only: a buyer can neither list purchases nor refund', async () => {
    const { id } = await buyThroughYooKassa();
    expect((await t.as(buyer).get('/api/admin/purchases')).statusCode).toBe(403);
    expect((await t.as(buyer).post(`/api/admin/purchases/${id}/refund`)).statusCode).toBe(403);
    expect((await t.as(partner).post(`/api/admin/purchases/${id}/refund`)).statusCode).toBe(403);
    expect(await statusOf(id)).toBe('NOT_USED');
  });

  it('voids only coupons bought on the buyer’s word', async () => {
    const { id } = await buyThroughYooKassa();
    const res = await t.as(admin).post(`/api/admin/purchases/${id}/void`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('not_link_provider');
  });
});
