import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, ageMembership, buyCoupon } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { purchasedCoupons, redemptions } from '../../db/schema.ts';
import { changeCoupon } from '../purchased-coupons/coupon-state.ts';

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
  await t.as(user).get('/api/me');
});
afterAll(() => t.close());

async function purchasedToken() {
  const id = await buyCoupon(t, buyer, porogCoupon);
  const [row] = await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id));
  return { id, token: row?.qrToken as string };
}
const redeem = (who: typeof partner, token: string) =>
  t.as(who).post(`/api/coupon/apply/${token}/${who.username}`);
const scan = (who: typeof partner, token: string) => t.as(who).get(`/api/coupon/scan/${token}`);
const tokenOf = async (id: string) =>
  (await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id)))[0]
    ?.qrToken as string;
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
      messenger: 'telegram',
      canUndo: false,
    });
    await redeem(partner, token);
    expect((await t.as(partner).get(`/api/coupon/scan/${token}`)).json()).toMatchObject({
      status: 'USED',
      canUndo: true,
    });
  });

  it('names the messenger the holder’s name is in, MAX for a buyer who came from MAX', async () => {
    const { id, token } = await purchasedToken();
    const [{ ownerId } = { ownerId: 0 }] = await t.database.db
      .select({ ownerId: purchasedCoupons.ownerId })
      .from(purchasedCoupons)
      .where(eq(purchasedCoupons.id, id));
    await t.database.db.execute(sql`UPDATE users SET messenger = 'max' WHERE id = ${ownerId}`);
    try {
      expect((await scan(partner, token)).json()).toMatchObject({
        telegramName: '@red_buyer',
        messenger: 'max',
      });
    } finally {
      await t.database.db.execute(sql`UPDATE users SET messenger = 'telegram' WHERE id = ${ownerId}`);
    }
  });

  it('tells when and by whom a used coupon was redeemed', async () => {
    const { token } = await purchasedToken();
    const before = (await scan(partner, token)).json();
    expect(before).toMatchObject({ redeemedAt: null, redeemedBy: null, giftedAwayAt: null });
    const redeemedAt = Date.now();
    await redeem(partner, token);
    const used = (await scan(partner, token)).json();
    expect(used).toMatchObject({ status: 'USED', redeemedBy: '@porog_partner', giftedAwayAt: null });
    expect(Math.abs(Date.parse(used.redeemedAt) - redeemedAt)).toBeLessThan(60_000);
    // An admin sees the same.
    expect((await scan(admin, token)).json()).toMatchObject({ redeemedBy: '@porog_partner' });

    await t.as(partner).post(`/api/coupon/undo/${token}`);
    expect((await scan(partner, token)).json()).toMatchObject({
      status: 'NOT_USED',
      redeemedAt: null,
      redeemedBy: null,
    });
  });

  it('counts each company’s redemptions of today, by whoever made them, for whoever redeems for it', async () => {
    const today = async (who: typeof partner) => {
      const res = await t.as(who).get('/api/redemption/today');
      expect(res.statusCode).toBe(200);
      return res.json() as Array<{ companyName: string; count: number }>;
    };
    const [porogBefore] = await today(partner);
    expect(porogBefore).toMatchObject({ companyName: 'Порог' });
    expect(await today(otherPartner)).toEqual([{ companyName: 'Другой', count: 0 }]);

    const { token } = await purchasedToken();
    await redeem(admin, token);
    // The admin's redemption is the company's: its partner counts it.
    expect(await today(partner)).toEqual([{ companyName: 'Порог', count: (porogBefore?.count ?? 0) + 1 }]);
    // An admin sees the companies that redeemed anything today.
    expect(await today(admin)).toContainEqual({ companyName: 'Порог', count: (porogBefore?.count ?? 0) + 1 });
    expect((await today(admin)).map((company) => company.companyName)).not.toContain('Другой');

    await t.as(admin).post(`/api/coupon/undo/${token}`);
    expect(await today(partner)).toEqual([porogBefore]);
    expect((await t.as(user).get('/api/redemption/today')).statusCode).toBe(403);
  });

  it('answers a refunded or void coupon with its state, not «not found»', async () => {
    const refunded = await purchasedToken();
    await changeCoupon(t.database.db, 'refund', { kind: 'payment-provider' }, { id: refunded.id });
    const voided = await purchasedToken();
    await changeCoupon(t.database.db, 'void', { kind: 'admin', id: admin.id }, { id: voided.id });

    const res = await scan(partner, refunded.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'REFUNDED', telegramName: '@red_buyer', canUndo: false });
    expect((await scan(partner, voided.token)).json()).toMatchObject({ status: 'VOID', redeemedAt: null });
    expect((await scan(otherPartner, refunded.token)).statusCode).toBe(403);
  });

  it('answers a QR replaced by a gift as given away, as printed for the giver, never naming the new owner', async () => {
    const { id, token } = await purchasedToken();
    const gift = (to: string) => t.as(buyer).post(`/api/coupons/buy/friend/${id}/red_buyer/${to}`);
    expect((await gift('red_user')).statusCode).toBe(200);

    const res = await scan(partner, token);
    expect(res.statusCode).toBe(200);
    const away = res.json();
    expect(away).toMatchObject({
      status: 'GIFTED_AWAY',
      telegramName: '@red_buyer',
      partner: 'Порог',
      discount: '750',
      canUndo: false,
      redeemedAt: null,
      redeemedBy: null,
    });
    expect(Math.abs(Date.parse(away.giftedAwayAt) - Date.now())).toBeLessThan(60_000);
    expect(JSON.stringify(away)).not.toContain('red_user');
    expect((await scan(otherPartner, token)).statusCode).toBe(403);
    // The new owner's QR is the coupon as it stands: theirs, unused.
    expect((await scan(partner, await tokenOf(id))).json()).toMatchObject({
      status: 'NOT_USED',
      telegramName: '@red_user',
      giftedAwayAt: null,
    });
  });

  it('answers both the old QR and the waiting one of a coupon held as a gift as given away', async () => {
    const { id, token } = await purchasedToken();
    const held = await t.as(buyer).post(`/api/coupons/buy/friend/${id}/red_buyer/not_here_yet`);
    expect(held.json()).toMatchObject({ status: 'held' });
    for (const qr of [token, await tokenOf(id)]) {
      const away = (await scan(partner, qr)).json();
      expect(away).toMatchObject({ status: 'GIFTED_AWAY', telegramName: '@red_buyer' });
      expect(away.giftedAwayAt).toEqual(expect.any(String));
    }
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
