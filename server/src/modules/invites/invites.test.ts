import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, buyCoupon } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { users } from '../../db/schema.ts';
import { signInitData, type TelegramUser } from '../../telegram/init-data.ts';

let t: TestApp;
const admin = telegramUser('inv_admin');
const host = telegramUser('inv_host');
const newcomer = telegramUser('inv_newcomer');
const buyer = telegramUser('inv_buyer');
const oldTimer = telegramUser('inv_old_timer');
let couponId: number;

/** Opens the app as Telegram does from a `t.me/<bot>?startapp=<param>` link. */
const openThrough = (user: TelegramUser, startParam: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/me',
    headers: { authorization: `tma ${signInitData(user, t.botToken, new Date(), startParam)}` },
  });

const stats = async () => (await t.as(admin).get('/api/admin/invites')).json();
/** An invitee as the admin's list shows them: latest first, with when they came. */
const person = (name: string, { came = true, bought = false } = {}) => ({
  name,
  invitedAt: expect.any(String),
  came,
  bought,
});

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'inv_admin' }, rateLimits: false });
  for (const user of [admin, host, newcomer, buyer, oldTimer]) t.botApi.members.set(user.id, 'member');
  for (const user of [admin, host, oldTimer]) await t.as(user).get('/api/me');
  couponId = (await addPartnerWithCoupons(t, admin, {}, [{ price: 50, discount: 150 }]))
    .couponIds[0] as number;
});
afterAll(() => t.close());

describe('an invitation link', () => {
  it('is the member’s own t.me link into the app, shared through Telegram, the same every time', async () => {
    const first = (await t.as(host).post('/api/me/invite')).json();
    expect(first.appLink).toMatch(/^https:\/\/t\.me\/katajsya_bot\?startapp=ref_[A-Za-z0-9_-]{8}$/);
    const share = new URL(first.shareUrl);
    expect(`${share.origin}${share.pathname}`).toBe('https://t.me/share/url');
    expect(share.searchParams.get('url')).toBe(first.appLink);
    expect(share.searchParams.get('text')).toContain('https://t.me/+test-rafting-chat');
    expect((await t.as(host).post('/api/me/invite')).json()).toEqual(first);
  });

  it('counts the people new to the app who came through it, and which of them bought', async () => {
    const { appLink } = (await t.as(host).post('/api/me/invite')).json();
    const param = new URL(appLink).searchParams.get('startapp') as string;

    expect((await openThrough(newcomer, param)).statusCode).toBe(200);
    expect((await openThrough(buyer, param)).statusCode).toBe(200);
    // Someone who used the app before the link came not through it; nor does anyone invite themselves.
    await t.database.db
      .update(users)
      .set({ createdAt: sql`now() - interval '3 days'` })
      .where(eq(users.id, oldTimer.id));
    await openThrough(oldTimer, param);
    await openThrough(host, param);
    expect(await stats()).toEqual([
      { inviter: '@inv_host', came: 2, bought: 0, invitees: [person('@inv_buyer'), person('@inv_newcomer')] },
    ]);

    await buyCoupon(t, buyer, couponId);
    const counted = [person('@inv_buyer', { bought: true }), person('@inv_newcomer')];
    expect(await stats()).toEqual([{ inviter: '@inv_host', came: 2, bought: 1, invitees: counted }]);

    // A second link later changes nothing: who brought them is said once.
    const other = (await t.as(admin).post('/api/me/invite')).json();
    await openThrough(newcomer, new URL(other.appLink).searchParams.get('startapp') as string);
    expect(await stats()).toEqual([{ inviter: '@inv_host', came: 2, bought: 1, invitees: counted }]);
    expect((await t.as(newcomer).get('/api/me/data')).json().user.cameThroughInvite).toBe(true);
  });

  /** Opens the app, asks for their own link, and returns its start parameter. */
  async function linkOf(user: TelegramUser) {
    t.botApi.members.set(user.id, 'member');
    await t.as(user).get('/api/me');
    const { appLink } = (await t.as(user).post('/api/me/invite')).json();
    return new URL(appLink).searchParams.get('startapp') as string;
  }
  const inviterOf = async (user: TelegramUser) =>
    (await t.database.db.select().from(users).where(eq(users.id, user.id)))[0]?.invitedBy ?? null;

  it('never credits a person with inviting whoever brought them, nor anyone up their line', async () => {
    const [first, second, third] = ['inv_first', 'inv_second', 'inv_third'].map((name) =>
      telegramUser(name),
    ) as [TelegramUser, TelegramUser, TelegramUser];
    t.botApi.members.set(second.id, 'member');
    t.botApi.members.set(third.id, 'member');
    await openThrough(second, await linkOf(first));
    await openThrough(third, await linkOf(second));
    // Both new to the app, both without a purchase: still neither counts as the other's invitee.
    await openThrough(first, await linkOf(second));
    expect(await inviterOf(first)).toBeNull();
    await openThrough(first, await linkOf(third));
    expect(await inviterOf(first)).toBeNull();
    expect([await inviterOf(second), await inviterOf(third)]).toEqual([first.id, second.id]);
  });

  it('counts an arrival once the person is in the chat, and a buyer once they paid', async () => {
    const inviter = telegramUser('inv_counted');
    const param = await linkOf(inviter);
    const outsider = telegramUser('inv_outsider');
    const hesitant = telegramUser('inv_hesitant');
    t.botApi.members.set(outsider.id, 'left');
    t.botApi.members.set(hesitant.id, 'member');
    await openThrough(outsider, param);
    await openThrough(hesitant, param);
    const row = async () =>
      ((await stats()) as { inviter: string }[]).find((r) => r.inviter === '@inv_counted');
    // The outsider is listed, not yet counted.
    expect(await row()).toEqual({
      inviter: '@inv_counted',
      came: 1,
      bought: 0,
      invitees: [person('@inv_hesitant'), person('@inv_outsider', { came: false })],
    });

    // A payment started and not finished is not a purchase.
    await t.as(hesitant).post('/api/me/consent');
    expect(
      (await t.as(hesitant).post(`/api/payments/${couponId}`, { email: 'h@example.ru' })).statusCode,
    ).toBe(200);
    expect(await row()).toMatchObject({ came: 1, bought: 0 });

    // The outsider joins the chat (Telegram says so once the app asks again): now they count.
    t.botApi.members.set(outsider.id, 'member');
    await t.database.db.update(users).set({ membershipCheckedAt: null }).where(eq(users.id, outsider.id));
    await t.as(outsider).get('/api/me');
    expect(await row()).toMatchObject({ came: 2, bought: 0 });
    await buyCoupon(t, outsider, couponId);
    expect(await row()).toMatchObject({
      came: 2,
      bought: 1,
      invitees: [person('@inv_hesitant'), person('@inv_outsider', { bought: true })],
    });
  });

  it('tells the newcomer who invited them, through that member’s link only', async () => {
    const inviter = telegramUser('inv_greeter', 'Анна');
    const param = await linkOf(inviter);
    const friend = telegramUser('inv_friend');
    t.botApi.members.set(friend.id, 'member');
    const inviterSeenBy = async (user: TelegramUser, startParam?: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/me/inviter',
          headers: { authorization: `tma ${signInitData(user, t.botToken, new Date(), startParam)}` },
        })
      ).json();

    // Asked before /api/me: the arrival is recorded by the asking.
    expect(await inviterSeenBy(friend, param)).toEqual({ inviter: 'Анна (@inv_greeter)' });
    expect(await inviterOf(friend)).toBe(inviter.id);
    // Opened again, or without the link, or through another member's link: nothing to say.
    expect(await inviterSeenBy(friend, param)).toEqual({ inviter: 'Анна (@inv_greeter)' });
    expect(await inviterSeenBy(friend)).toEqual({ inviter: null });
    expect(await inviterSeenBy(friend, await linkOf(telegramUser('inv_later')))).toEqual({ inviter: null });
    // Someone the link does not credit (here, an old-timer) is not told they were invited.
    expect(await inviterSeenBy(oldTimer, param)).toEqual({ inviter: null });
  });

  it('is for admins to count, and an unknown code counts for nobody', async () => {
    expect((await t.as(host).get('/api/admin/invites')).statusCode).toBe(403);
    const stranger = telegramUser('inv_stranger');
    t.botApi.members.set(stranger.id, 'member');
    await openThrough(stranger, 'ref_nobodys00');
    expect((await t.as(stranger).get('/api/me/data')).json().user.cameThroughInvite).toBe(false);
  });
});
