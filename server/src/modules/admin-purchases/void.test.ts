import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, giveConsent } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { notifications, purchasedCoupons, refunds } from '../../db/schema.ts';

let t: TestApp;
const admin = telegramUser('vd_admin');
const buyer = telegramUser('vd_buyer');
const friend = telegramUser('vd_friend');
let couponId: number;

beforeAll(async () => {
  t = await createTestApp({
    env: { ADMIN_USERNAMES: 'vd_admin', PAYMENT_PROVIDER: 'link' },
    rateLimits: false,
  });
  for (const user of [buyer, friend]) {
    t.botApi.members.set(user.id, 'member');
    await giveConsent(t, user);
  }
  couponId = (await addPartnerWithCoupons(t, admin, {}, [{ price: 60, discount: 200 }]))
    .couponIds[0] as number;
});
afterAll(() => t.close());

/** A coupon issued on the buyer's «Да» after paying through the admin's link. */
async function buyOnWord(offerId = couponId) {
  const { paymentId } = (await t.as(buyer).post(`/api/payments/${offerId}`)).json();
  const res = await t.as(buyer).post(`/api/coupons/buy/${offerId}/vd_buyer`, { paymentId });
  return res.json().purchasedCouponId as string;
}
const statusOf = async (id: string) =>
  (await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id)))[0]?.status;
const myQrIds = async () =>
  ((await t.as(buyer).get('/api/coupon/valid/qr/customer/vd_buyer')).json() as { id: string }[]).map(
    (c) => c.id,
  );

describe('coupons issued on the buyer’s word', () => {
  it('an admin voids one whose money never came: gone from My QR, the buyer told, final', async () => {
    const id = await buyOnWord();
    const res = await t.as(admin).post(`/api/admin/purchases/${id}/void`);
    expect(res.json()).toEqual({ status: 'VOID' });
    expect((await t.as(admin).post(`/api/admin/purchases/${id}/void`)).json()).toEqual({ status: 'VOID' });

    expect(await statusOf(id)).toBe('VOID');
    expect(await myQrIds()).not.toContain(id);
    const [message] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'COUPON_VOIDED'), eq(notifications.eventKey, id)));
    expect(message?.text).toContain('аннулирован');
    const refund = await t.as(admin).post(`/api/admin/purchases/${id}/refund`);
    expect(refund.statusCode).toBe(409);
    expect(refund.json().error).toBe('already_void');
  });

  it('a refund made outside the app is recorded, not sent anywhere', async () => {
    const id = await buyOnWord();
    expect((await t.as(admin).post(`/api/admin/purchases/${id}/refund`)).json()).toEqual({
      status: 'REFUNDED',
    });

    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.purchasedCouponId, id));
    expect(row).toMatchObject({ outside: true, status: 'SUCCEEDED', amount: 60, requestedBy: admin.id });
    expect(await statusOf(id)).toBe('REFUNDED');
    expect((await t.as(admin).post(`/api/admin/purchases/${id}/void`)).statusCode).toBe(409);
  });

  it('lists them as unverified, with no provider payment id', async () => {
    const id = await buyOnWord();
    const { items } = (await t.as(admin).get('/api/admin/purchases?status=unused')).json();
    expect(items.find((item: { id: string }) => item.id === id)).toMatchObject({
      provider: 'link',
      verified: false,
      providerPaymentId: null,
    });
    const voided = (await t.as(admin).get('/api/admin/purchases?status=void')).json();
    expect(voided.items.map((item: { status: string }) => item.status)).toEqual(['VOID']);
  });
});

describe('a void of a coupon given away or of a sold-out offer', () => {
  it('of a gifted coupon tells the one who said they paid and the friend holding it each their part', async () => {
    const id = await buyOnWord();
    expect((await t.as(buyer).post(`/api/coupons/buy/friend/${id}/vd_buyer/vd_friend`)).json()).toMatchObject(
      {
        status: 'sent',
      },
    );
    await t.deliverNotifications();
    const before = t.botApi.sentMessages().length;

    expect((await t.as(admin).post(`/api/admin/purchases/${id}/void`)).json()).toEqual({ status: 'VOID' });

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
          text: expect.stringMatching(
            /^Подаренный вами купон «.+ на скидку 200 руб\. аннулирован: оплата за него не поступила\. Если вы платили, напишите администратору чата\.$/,
          ),
        },
        {
          chatId: friend.id,
          text: expect.stringMatching(
            /^Купон «.+ на скидку 200 руб\., который вам подарили, аннулирован и больше не действует: оплата за него не поступила\.$/,
          ),
        },
      ]),
    );
  });

  it('hands its unit to the first in line at once, who is told and may buy it', async () => {
    const { couponIds } = await addPartnerWithCoupons(t, admin, { companyName: 'Последний' }, [
      { price: 60, discount: 200 },
    ]);
    const limited = couponIds[0] as number;
    expect((await t.as(admin).put(`/api/admin/coupons/${limited}`, { quantity: 1 })).statusCode).toBe(200);
    const id = await buyOnWord(limited);
    expect((await t.as(friend).post(`/api/offers/${limited}/waitlist`)).json()).toMatchObject({
      position: 1,
    });

    expect((await t.as(admin).post(`/api/admin/purchases/${id}/void`)).json()).toEqual({ status: 'VOID' });

    const place = (await t.as(friend).get(`/api/offers/${limited}/waitlist`)).json();
    expect(place.heldUntil).not.toBeNull();
    await t.deliverNotifications();
    expect(
      t.botApi
        .sentMessages()
        .filter((m) => m.chatId === friend.id && m.text.startsWith('Освободился купон «Последний»')),
    ).toHaveLength(1);
    expect((await t.as(friend).post(`/api/payments/${limited}`)).statusCode).toBe(200);
  });
});
