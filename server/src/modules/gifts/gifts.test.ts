import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addPartnerWithCoupons, buyCoupon, buyRefundingAndExpired } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { gifts, purchasedCoupons } from '../../db/schema.ts';
import { signInitData } from '../../telegram/init-data.ts';

let t: TestApp;
const admin = telegramUser('gift_admin');
const giver = telegramUser('giver_anna');
const friend = telegramUser('friend_boris');
const leaver = telegramUser('left_chat');
const spokesman = telegramUser('gift_partner');
let couponId: number;

beforeAll(async () => {
  // Many coupons are bought and gifted here; the per-user limits are shown in plugins/.
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'gift_admin' }, rateLimits: false });
  for (const user of [admin, giver, friend, spokesman]) {
    t.botApi.members.set(user.id, 'member');
    await t.as(user).get('/api/me');
  }
  t.botApi.members.set(leaver.id, 'left');
  await t.as(leaver).get('/api/me');
  couponId = (
    await addPartnerWithCoupons(t, admin, { spokesmanNickname: 'gift_partner' }, [
      { price: 50, discount: 150 },
    ])
  ).couponIds[0] as number;
});
afterAll(() => t.close());

const gift = (from = giver, purchasedId: string, fromName: string, to: string) =>
  t.as(from).post(`/api/coupons/buy/friend/${purchasedId}/${fromName}/${encodeURIComponent(to)}`);
const row = async (id: string) =>
  (await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id)))[0];
/** A coupon's QR for its token of now, drawn ahead of its first view (purchased-coupons/qr-images). */
const imageDrawn = (id: string) =>
  vi.waitFor(async () => expect((await row(id))?.qrPng?.length).toBeGreaterThan(0));
const myQr = async (user: typeof giver) =>
  (await t.as(user).get(`/api/coupon/valid/qr/customer/${user.username}`)).json() as Array<{ id: string }>;

describe('gifting a coupon', () => {
  it('moves it to the friend with a new QR token and a history row', async () => {
    const id = await buyCoupon(t, giver, couponId);
    const oldToken = (await row(id))?.qrToken;
    const res = await gift(giver, id, 'giver_anna', '@Friend_Boris');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'sent', giftId: expect.any(Number) });
    const after = await row(id);
    expect(after?.ownerId).toBe(friend.id);
    expect(after?.qrToken).not.toBe(oldToken);
    expect((await myQr(friend)).map((c) => c.id)).toContain(id);
    expect((await myQr(giver)).map((c) => c.id)).not.toContain(id);
    await imageDrawn(id);
    const history = await t.database.db.select().from(gifts).where(eq(gifts.purchasedCouponId, id));
    expect(history).toEqual([expect.objectContaining({ fromUserId: giver.id, toUserId: friend.id })]);

    const scanOld = await t.as(spokesman).get(`/api/coupon/scan/${oldToken}`);
    expect(scanOld.json()).toMatchObject({ status: 'GIFTED_AWAY', telegramName: '@giver_anna' });
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

  it('refuses a gift to a known user who left the chat, changing nothing', async () => {
    const id = await buyCoupon(t, giver, couponId);
    const before = await row(id);
    const res = await gift(giver, id, 'giver_anna', 'left_chat');
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

  it('refuses, saying why, a coupon whose refund is under way and one past its last day', async () => {
    const { refunding, expired } = await buyRefundingAndExpired(t, giver, couponId);

    for (const to of ['friend_boris', 'nobody_seen_yet']) {
      const toRefunding = await gift(giver, refunding, 'giver_anna', to);
      expect([toRefunding.statusCode, toRefunding.json().message]).toEqual([
        409,
        'По этому купону идет возврат денег: подарить его нельзя',
      ]);
      const toExpired = await gift(giver, expired, 'giver_anna', to);
      expect([toExpired.statusCode, toExpired.json().message]).toEqual([
        409,
        'Срок действия купона истек: подарить его нельзя',
      ]);
    }
    expect([(await row(refunding))?.ownerId, (await row(expired))?.ownerId]).toEqual([giver.id, giver.id]);
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

describe('a gift to a username the app has not seen (ADR 0012)', () => {
  const newcomer = telegramUser('quiet_newcomer');
  const heldFor = async (id: string) =>
    (await t.database.db.select().from(gifts).where(eq(gifts.purchasedCouponId, id))).at(-1);

  it('is held: the giver is told so, the coupon leaves their My QR and its old QR dies', async () => {
    const id = await buyCoupon(t, giver, couponId);
    const oldToken = (await row(id))?.qrToken;
    const res = await gift(giver, id, 'giver_anna', '@Quiet_Newcomer');

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'held', giftId: expect.any(Number), heldUntil: expect.any(String) });
    const { createdAt } = (await heldFor(id)) ?? {};
    // It waits seven days from the gift, the time the sweep returns it at.
    expect(Date.parse(res.json().heldUntil) - (createdAt?.getTime() ?? 0)).toBe(7 * 24 * 60 * 60 * 1000);
    expect((await myQr(giver)).map((c) => c.id)).not.toContain(id);
    expect((await t.as(spokesman).post(`/api/coupon/apply/${oldToken}/gift_partner`)).json()).toBe(
      'Купон не действителен',
    );
    const held = await t.as(giver).get('/api/gifts/held');
    expect(held.json()).toEqual([
      expect.objectContaining({
        giftId: res.json().giftId,
        purchasedCouponId: id,
        toUsername: 'quiet_newcomer',
      }),
    ]);
  });

  it('becomes the addressee’s when they open the app as a member, and the bot tells both', async () => {
    const id = await buyCoupon(t, giver, couponId);
    await gift(giver, id, 'giver_anna', 'quiet_newcomer');
    t.botApi.members.set(newcomer.id, 'member');

    await t.as(newcomer).get('/api/me');

    expect((await myQr(newcomer)).map((c) => c.id)).toContain(id);
    expect(await heldFor(id)).toMatchObject({ status: 'CLAIMED', toUserId: newcomer.id });
    await t.database.db.execute(sql`UPDATE notifications SET next_attempt_at = now()`);
    await t.deliverNotifications();
    const told = t.botApi
      .sentMessages()
      .filter((m) => m.text.includes('quiet_newcomer') || m.chatId === newcomer.id);
    expect([...new Set(told.map((m) => m.chatId))].sort()).toEqual([giver.id, newcomer.id].sort());
  });

  it('is not claimed by someone who is not in the chat', async () => {
    const outsider = telegramUser('held_outsider');
    t.botApi.members.set(outsider.id, 'left');
    const id = await buyCoupon(t, giver, couponId);
    await gift(giver, id, 'giver_anna', 'held_outsider');
    await t.as(outsider).get('/api/me');
    expect((await heldFor(id))?.status).toBe('HELD');
  });

  it('goes to whoever holds the username when opening the app; an old init data of a former holder claims nothing', async () => {
    const id = await buyCoupon(t, giver, couponId);
    await gift(giver, id, 'giver_anna', 'passed_on_name');
    const former = telegramUser('passed_on_name');
    const current = telegramUser('passed_on_name');
    for (const user of [former, current]) t.botApi.members.set(user.id, 'member');
    // The current holder's Telegram news is newer: the former one replays a day-old init data.
    await t.as(current).get('/api/gifts/held');
    const stale = signInitData(former, t.botToken, new Date(Date.now() - 3600_000));
    await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `tma ${stale}` } });
    expect((await heldFor(id))?.status).toBe('HELD');

    await t.as(current).get('/api/me');
    expect(await heldFor(id)).toMatchObject({ status: 'CLAIMED', toUserId: current.id });
  });

  it('the giver cancels it while it waits: back to them with a new QR; then it cannot be claimed or canceled again', async () => {
    const id = await buyCoupon(t, giver, couponId);
    const { giftId } = (await gift(giver, id, 'giver_anna', 'never_came')).json();
    const heldToken = (await row(id))?.qrToken;
    expect((await t.as(friend).post(`/api/gifts/${giftId}/cancel`)).statusCode).toBe(409);

    expect((await t.as(giver).post(`/api/gifts/${giftId}/cancel`)).statusCode).toBe(200);

    expect(await row(id)).toMatchObject({ status: 'NOT_USED', ownerId: giver.id });
    expect((await row(id))?.qrToken).not.toBe(heldToken);
    expect((await myQr(giver)).map((c) => c.id)).toContain(id);
    await imageDrawn(id);
    const again = await t.as(giver).post(`/api/gifts/${giftId}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Подарок уже получен или отменен: отменить его нельзя');
  });

  it('a claim and a cancel at the same moment: exactly one wins', async () => {
    for (let round = 0; round < 5; round += 1) {
      // A new addressee each round: one who has opened the app gets gifts at once, not held.
      const racer = telegramUser(`race_claimer_${round}`);
      t.botApi.members.set(racer.id, 'member');
      const id = await buyCoupon(t, giver, couponId);
      const { giftId } = (await gift(giver, id, 'giver_anna', `race_claimer_${round}`)).json();
      const [claim, cancel] = await Promise.all([
        t.as(racer).get('/api/me'),
        t.as(giver).post(`/api/gifts/${giftId}/cancel`),
      ]);
      expect(claim.statusCode).toBe(200);
      const settled = await heldFor(id);
      const coupon = await row(id);
      if (cancel.statusCode === 200) {
        expect(settled?.status).toBe('CANCELED');
        expect(coupon).toMatchObject({ status: 'NOT_USED', ownerId: giver.id });
      } else {
        expect(settled).toMatchObject({ status: 'CLAIMED', toUserId: racer.id });
        expect(coupon).toMatchObject({ status: 'NOT_USED', ownerId: racer.id });
      }
    }
  });

  it('nobody claims it in seven days: it returns to the giver with a new QR, and the bot tells them', async () => {
    const id = await buyCoupon(t, giver, couponId);
    const { giftId } = (await gift(giver, id, 'giver_anna', 'too_late_friend')).json();
    const heldToken = (await row(id))?.qrToken;
    await t.database.db.execute(
      sql`UPDATE gifts SET created_at = now() - interval '6 days 23 hours' WHERE id = ${giftId}`,
    );
    expect(await t.app.maintenance.sweeps.heldGifts()).toBe(0);
    await t.database.db.execute(
      sql`UPDATE gifts SET created_at = now() - interval '7 days 1 minute' WHERE id = ${giftId}`,
    );

    expect(await t.app.maintenance.sweeps.heldGifts()).toBe(1);

    expect(await row(id)).toMatchObject({ status: 'NOT_USED', ownerId: giver.id });
    expect((await row(id))?.qrToken).not.toBe(heldToken);
    expect((await heldFor(id))?.status).toBe('RETURNED');
    await t.database.db.execute(sql`UPDATE notifications SET next_attempt_at = now()`);
    await t.deliverNotifications();
    expect(
      t.botApi.sentMessages().some((m) => m.chatId === giver.id && m.text.includes('не забрали за 7 дней')),
    ).toBe(true);
    const late = telegramUser('too_late_friend');
    t.botApi.members.set(late.id, 'member');
    await t.as(late).get('/api/me');
    expect((await row(id))?.ownerId).toBe(giver.id);
  });
});

describe('sharing a gift in Telegram', () => {
  const prepare = (user: typeof giver, giftId: number) =>
    t.as(user).post(`/api/gifts/${giftId}/prepared-message`);

  it('prepares the giver’s message: a text naming the coupon and a button opening My QR', async () => {
    const id = await buyCoupon(t, giver, couponId);
    const { giftId } = (await gift(giver, id, 'giver_anna', 'friend_boris')).json();

    const res = await prepare(giver, giftId);

    expect(res.statusCode).toBe(200);
    const appLink = 'https://t.me/katajsya_bot?startapp=my-coupons';
    expect(res.json()).toEqual({
      id: expect.stringMatching(/^prepared-/),
      text: expect.any(String),
      appLink,
    });
    expect(res.json().text).toMatch(/^🎁 @giver_anna дарит купон «Партнер \d+» на скидку 150 руб\./);
    const [call] = t.botApi.callsOf('savePreparedInlineMessage').slice(-1);
    expect(call?.params).toMatchObject({
      user_id: giver.id,
      allow_user_chats: true,
      allow_group_chats: true,
      result: {
        type: 'article',
        input_message_content: { message_text: res.json().text },
        reply_markup: { inline_keyboard: [[{ text: 'Открыть «Мои QR»', url: appLink }]] },
      },
    });
  });

  it('shares a held gift too, but not one canceled, nor anybody else’s', async () => {
    const id = await buyCoupon(t, giver, couponId);
    const { giftId } = (await gift(giver, id, 'giver_anna', 'still_quiet')).json();
    expect((await prepare(giver, giftId)).statusCode).toBe(200);
    expect((await prepare(friend, giftId)).statusCode).toBe(404);

    await t.as(giver).post(`/api/gifts/${giftId}/cancel`);
    const canceled = await prepare(giver, giftId);

    expect(canceled.statusCode).toBe(409);
    expect(canceled.json().message).toBe('Подарок отменен или вернулся к вам: отправлять другу нечего');
  });

  it('says Telegram could not prepare it while the Bot API refuses, and prepares it once it answers', async () => {
    const id = await buyCoupon(t, giver, couponId);
    const { giftId } = (await gift(giver, id, 'giver_anna', 'friend_boris')).json();
    t.botApi.setMethodError('savePreparedInlineMessage', { error_code: 400, description: 'Bad Request' });
    try {
      const refused = await prepare(giver, giftId);
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error).toBe('share_unavailable');
    } finally {
      t.botApi.setMethodError('savePreparedInlineMessage', undefined);
    }
    expect((await prepare(giver, giftId)).statusCode).toBe(200);
  });
});
