import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, ageMembership, buyCoupon } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { purchasedCoupons, redemptions } from '../../db/schema.ts';

let t: TestApp;
const admin = telegramUser('red_admin');
const buyer = telegramUser('red_buyer');
const partner = telegramUser('porog_partner');
const otherPartner = telegramUser('other_partner');
const user = telegramUser('red_user');
let porogCoupon: number;

beforeAll(async () => {
  // A hundred attempts at once below: this file is about the database, not the per-user limits.
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'red_admin' }, rateLimits: false });
  for (const u of [admin, buyer, partner, otherPartner, user]) t.botApi.members.set(u.id, 'member');
  porogCoupon = (
    await addPartnerWithCoupons(t, admin, { companyName: 'Порог', spokesmanNickname: 'porog_partner' }, [
      { price: 150, discount: 750 },
    ])
  ).couponIds[0] as number;
  await addPartnerWithCoupons(t, admin, { companyName: 'Другой', spokesmanNickname: 'other_partner' });
  await t.as(partner).get('/api/me');
  await t.as(otherPartner).get('/api/me');
});
afterAll(() => t.close());

async function purchasedToken() {
  const id = await buyCoupon(t, buyer, porogCoupon);
  const [row] = await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id));
  return { id, token: row?.qrToken as string };
}
const redeem = (who: typeof partner, token: string) =>
  t.as(who).post(`/api/coupon/apply/${token}/${who.username}`);
const attemptsOf = async (id: string) =>
  t.database.db.select().from(redemptions).where(eq(redemptions.purchasedCouponId, id));

describe('scanning', () => {
  it('shows the partner the coupon as the server holds it now', async () => {
    const { token } = await purchasedToken();
    const res = await t.as(partner).get(`/api/coupon/scan/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'NOT_USED',
      partner: 'Порог',
      region: 'Карелия',
      discount: '750',
      telegramName: '@red_buyer',
      canUndo: false,
    });
    await redeem(partner, token);
    expect((await t.as(partner).get(`/api/coupon/scan/${token}`)).json()).toMatchObject({
      status: 'USED',
      canUndo: true,
    });
  });

  it('answers 404 for an unknown token and 403 for another company’s coupon or a plain user', async () => {
    const { token } = await purchasedToken();
    expect((await t.as(partner).get('/api/coupon/scan/not-a-token')).statusCode).toBe(404);
    expect((await t.as(otherPartner).get(`/api/coupon/scan/${token}`)).statusCode).toBe(403);
    expect((await t.as(user).get(`/api/coupon/scan/${token}`)).statusCode).toBe(403);
  });
});

describe('redeeming', () => {
  it('redeems once with an empty answer, then refuses with «Купон не действителен»', async () => {
    const { id, token } = await purchasedToken();
    const first = await redeem(partner, token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toBe('');
    const second = await redeem(partner, token);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toBe('Купон не действителен');
    expect((await attemptsOf(id)).map((a) => a.result).sort()).toEqual(['ALREADY_USED', 'REDEEMED']);
    const list = (await t.as(buyer).get('/api/coupon/valid/qr/customer/red_buyer')).json();
    expect(list.find((c: { id: string }) => c.id === id).status).toBe('USED');
  });

  it('tells the owner once that the coupon was redeemed', async () => {
    const { token } = await purchasedToken();
    await t.deliverNotifications();
    const told = () =>
      t.botApi.sentMessages().filter((m) => m.chatId === buyer.id && m.text.includes('погашен'));
    const before = told().length;
    await redeem(partner, token);
    await redeem(partner, token);
    await t.deliverNotifications();
    expect(told().length).toBe(before + 1);
  });

  it('refuses a partner of another company, recording the attempt', async () => {
    const { id, token } = await purchasedToken();
    const res = await redeem(otherPartner, token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toBe('Купон не действителен');
    expect((await attemptsOf(id)).map((a) => a.result)).toEqual(['OTHER_COMPANY']);
    expect((await redeem(admin, token)).json()).toBe('');
  });

  it('refuses when the owner has left the chat', async () => {
    const { token } = await purchasedToken();
    // The buyer has left, and Telegram's last word that they were in is more than a minute old.
    t.botApi.members.set(buyer.id, 'left');
    await ageMembership(t, buyer.id);
    try {
      const res = await redeem(partner, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toBe('Купон не действителен');
    } finally {
      t.botApi.members.set(buyer.id, 'member');
      await ageMembership(t, buyer.id);
    }
  });

  it('refuses an unknown token and another username in the path, and a plain user', async () => {
    expect((await redeem(partner, 'no-such-token')).statusCode).toBe(404);
    expect((await redeem(partner, 'x'.repeat(150))).statusCode).toBe(404);
    const tooLong = await redeem(partner, 'x'.repeat(201));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().field).toBe('qrToken');
    const { id, token } = await purchasedToken();
    expect((await t.as(partner).post(`/api/coupon/apply/${token}/other_partner`)).statusCode).toBe(403);
    expect((await redeem(user, token)).statusCode).toBe(403);

    // Refused before the coupon was looked at, and still written down: who, when, what.
    const attempts = (await attemptsOf(id)).sort((a, b) => a.id - b.id);
    expect(attempts.map(({ userId, result }) => ({ userId, result }))).toEqual([
      { userId: partner.id, result: 'NOT_ALLOWED' },
      { userId: user.id, result: 'NOT_ALLOWED' },
    ]);
    expect(attempts.map((a) => ({ qrToken: a.qrToken, createdAt: a.createdAt }))).toEqual([
      { qrToken: token, createdAt: expect.any(Date) },
      { qrToken: token, createdAt: expect.any(Date) },
    ]);
    expect((await t.as(buyer).get('/api/coupon/valid/qr/customer/red_buyer')).json()).toContainEqual(
      expect.objectContaining({ id, status: 'NOT_USED' }),
    );
  });

  it('lets exactly one of 100 simultaneous attempts from two server processes succeed', async () => {
    const { id, token } = await purchasedToken();
    const second = await createTestApp({
      sameDatabaseAs: t,
      env: { ADMIN_USERNAMES: 'red_admin' },
      rateLimits: false,
    });
    try {
      second.botApi.members.set(buyer.id, 'member');
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          (i % 2 === 0 ? t : second)
            .as(i % 3 === 0 ? admin : partner)
            .post(`/api/coupon/apply/${token}/${i % 3 === 0 ? 'red_admin' : 'porog_partner'}`),
        ),
      );
      expect(results.filter((r) => r.json() === '')).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(99);
      const attempts = await attemptsOf(id);
      expect(attempts).toHaveLength(100);
      expect(attempts.filter((a) => a.result === 'REDEEMED')).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe('undoing a redemption', () => {
  it('lets the partner undo within ten minutes', async () => {
    const { token } = await purchasedToken();
    await redeem(partner, token);
    const res = await t.as(partner).post(`/api/coupon/undo/${token}`);
    expect(res.statusCode).toBe(200);
    expect((await t.as(partner).get(`/api/coupon/scan/${token}`)).json().status).toBe('NOT_USED');
  });

  it('refuses the partner after ten minutes but lets an admin', async () => {
    const { id, token } = await purchasedToken();
    await redeem(partner, token);
    await t.database.db
      .update(purchasedCoupons)
      .set({ redeemedAt: sql`now() - interval '11 minutes'` })
      .where(eq(purchasedCoupons.id, id));
    expect((await t.as(partner).get(`/api/coupon/scan/${token}`)).json().canUndo).toBe(false);
    expect((await t.as(partner).post(`/api/coupon/undo/${token}`)).statusCode).toBe(409);
    expect((await t.as(admin).post(`/api/coupon/undo/${token}`)).statusCode).toBe(200);
    expect((await attemptsOf(id)).map((a) => a.result)).toContain('UNDONE');
  });

  it('refuses a partner who did not redeem it', async () => {
    const { token } = await purchasedToken();
    await redeem(admin, token);
    expect((await t.as(partner).post(`/api/coupon/undo/${token}`)).statusCode).toBe(409);
  });
});
