import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, buyCoupon } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { gifts, purchasedCoupons } from '../../db/schema.ts';

let t: TestApp;
const admin = telegramUser('gift_admin');
const giver = telegramUser('giver_anna');
const friend = telegramUser('friend_boris');
const leaver = telegramUser('left_chat');
const spokesman = telegramUser('gift_partner');
let couponId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'gift_admin' } });
  for (const user of [admin, giver, friend, spokesman]) {
    t.botApi.members.set(user.id, 'member');
    await t.as(user).get('/api/me');
  }
  t.botApi.members.set(leaver.id, 'left');
  await t.as(leaver).get('/api/me');
  couponId = (
    await addPartnerWithCoupons(t, admin, { spokesmanNickname: 'gift_partner' }, [
      { price: 1000, discount: 150 },
    ])
  ).couponIds[0] as number;
});
afterAll(() => t.close());

const gift = (from = giver, purchasedId: string, fromName: string, to: string) =>
  t.as(from).post(`/api/coupons/buy/friend/${purchasedId}/${fromName}/${encodeURIComponent(to)}`);
const row = async (id: string) =>
  (await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id)))[0];
const myQr = async (user: typeof giver) =>
  (await t.as(user).get(`/api/coupon/valid/qr/customer/${user.username}`)).json() as Array<{ id: string }>;

describe('gifting a coupon', () => {
  it('moves it to the friend with a new QR token and a history row', async () => {
    const id = await buyCoupon(t, giver, couponId);
    const oldToken = (await row(id))?.qrToken;
    const res = await gift(giver, id, 'giver_anna', '@Friend_Boris');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe('ok');
    const after = await row(id);
    expect(after?.ownerId).toBe(friend.id);
    expect(after?.qrToken).not.toBe(oldToken);
    expect((await myQr(friend)).map((c) => c.id)).toContain(id);
    expect((await myQr(giver)).map((c) => c.id)).not.toContain(id);
    const history = await t.database.db.select().from(gifts).where(eq(gifts.purchasedCouponId, id));
    expect(history).toEqual([expect.objectContaining({ fromUserId: giver.id, toUserId: friend.id })]);

    const scanOld = await t.as(spokesman).get(`/api/coupon/scan/${oldToken}`);
    expect(scanOld.statusCode).toBe(404);
    const redeemOld = await t.as(spokesman).post(`/api/coupon/apply/${oldToken}/gift_partner`);
    expect(redeemOld.json()).toBe('Купон не действителен');
    const redeemNew = await t.as(spokesman).post(`/api/coupon/apply/${after?.qrToken}/gift_partner`);
    expect(redeemNew.json()).toBe('');
  });

  it('tells the friend once, and still gifts while the Bot API is down', async () => {
    const id = await buyCoupon(t, giver, couponId);
    await t.deliverNotifications();
    t.botApi.setFailing(true);
    try {
      expect((await gift(giver, id, 'giver_anna', 'friend_boris')).statusCode).toBe(200);
      await t.deliverNotifications();
    } finally {
      t.botApi.setFailing(false);
    }
    expect((await row(id))?.ownerId).toBe(friend.id);
    const toFriend = () =>
      t.botApi
        .sentMessages()
        .filter((m) => m.chatId === friend.id && m.text.startsWith('Подарок от @giver_anna'));
    const before = toFriend().length;
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.database.db.execute(sql`UPDATE notifications SET next_attempt_at = now()`);
    await t.deliverNotifications();
    await t.deliverNotifications();
    expect(toFriend().length).toBe(before + 1);
  });

  it('refuses a gift to oneself', async () => {
    const id = await buyCoupon(t, giver, couponId);
    const res = await gift(giver, id, 'giver_anna', 'GIVER_ANNA');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Нельзя отправить купон себе!!');
    expect((await row(id))?.ownerId).toBe(giver.id);
  });

  it.each([
    ['an unknown user', 'nobody_knows_me'],
    ['a user who left the chat', 'left_chat'],
  ])('refuses a gift to %s, changing nothing', async (_who, to) => {
    const id = await buyCoupon(t, giver, couponId);
    const before = await row(id);
    const res = await gift(giver, id, 'giver_anna', to);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Человек с таким юзернеймом не состоит в чате, либо его не существует.');
    expect(await row(id)).toEqual(before);
  });

  it('refuses a used coupon', async () => {
    const id = await buyCoupon(t, giver, couponId);
    const token = (await row(id))?.qrToken;
    await t.as(spokesman).post(`/api/coupon/apply/${token}/gift_partner`);
    const res = await gift(giver, id, 'giver_anna', 'friend_boris');
    expect(res.statusCode).toBe(409);
    expect((await row(id))?.ownerId).toBe(giver.id);
  });

  it('refuses someone else’s coupon, even through their username in the path', async () => {
    const id = await buyCoupon(t, giver, couponId);
    const asOwn = await gift(friend, id, 'friend_boris', 'gift_admin');
    expect(asOwn.statusCode).toBe(409);
    const asGiver = await gift(friend, id, 'giver_anna', 'gift_admin');
    expect(asGiver.statusCode).toBe(403);
    const byAdmin = await gift(admin, id, 'giver_anna', 'friend_boris');
    expect(byAdmin.statusCode).toBe(403);
    expect((await row(id))?.ownerId).toBe(giver.id);
  });

  it('refuses a giver who is no longer in the chat', async () => {
    const id = await buyCoupon(t, giver, couponId);
    const [coupon] = await t.database.db
      .update(purchasedCoupons)
      .set({ ownerId: leaver.id })
      .where(eq(purchasedCoupons.id, id))
      .returning();
    const res = await gift(leaver, coupon?.id as string, 'left_chat', 'friend_boris');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('not_chat_member');
  });

  it('answers 400 for a coupon id that is not one', async () => {
    expect((await gift(giver, '42', 'giver_anna', 'friend_boris')).statusCode).toBe(400);
  });
});
