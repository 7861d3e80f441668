import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, ageMembership, buyCoupon, expireCoupon } from '../../../test/fixtures.ts';
import {
  COMMUNITY_CHAT_ID,
  createTestApp,
  TEST_BOT_TOKEN,
  type TestApp,
  telegramUser,
} from '../../../test/harness.ts';
import { partners, purchasedCoupons, users } from '../../db/schema.ts';
import { createBotApi } from '../../telegram/bot-api.ts';
import { signInitData } from '../../telegram/init-data.ts';
import { createTelegramMessenger } from '../../telegram/telegram-messenger.ts';
import { createMembershipService } from './membership.service.ts';

let t: TestApp;
const admin = telegramUser('Chief_Admin', 'Анна');

beforeAll(async () => {
  t = await createTestApp({
    env: { ADMIN_USERNAMES: '@chief_admin, 555', COMMUNITY_CHAT_LINK: 'https://t.me/rafting_chat' },
  });
});
afterAll(() => t.close());

/** A membership service as another server process has it: the same database and Bot API. */
const membershipInAnotherProcess = (options: { timeoutMs?: number } = {}) =>
  createMembershipService({
    db: t.database.db,
    log: t.app.log,
    messenger: createTelegramMessenger(createBotApi(TEST_BOT_TOKEN, t.botApi.apiRoot)),
    chatId: COMMUNITY_CHAT_ID,
    ...options,
  });

const getChatMemberCalls = (userId: number) =>
  t.botApi.callsOf('getChatMember').filter((call) => Number(call.params.user_id) === userId).length;

async function addPartner(spokesman: string, company: string) {
  await t.database.db.insert(partners).values({
    region: 'Карелия',
    companyName: company,
    partnerType: 'ШКОЛА',
    phone: '79110000000',
    address: 'Петрозаводск',
    email: 'p@example.ru',
    spokesmanUsername: spokesman,
  });
}

describe('init data', () => {
  it('accepts valid init data and upserts the user by Telegram id', async () => {
    const user = telegramUser('river_rat', 'Ваня');
    const res = await t.as(user).get('/api/me');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      username: 'river_rat',
      firstName: 'Ваня',
      role: 'user',
      isChatMember: false,
      communityChatLink: 'https://t.me/rafting_chat',
      email: null,
      consentGiven: false,
      receiptEmailRequired: false,
      timeZone: 'Europe/Moscow',
    });

    const renamed = { ...user, username: 'river_rat_2' };
    await t.as(renamed).get('/api/me');
    const [row] = await t.database.db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row).toEqual({ username: 'river_rat_2' });
  });

  it('refuses a request without init data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      error: 'init_data_missing',
      message: expect.stringContaining('Telegram'),
    });
  });

  it('refuses init data signed with another token', async () => {
    const forged = signInitData(telegramUser('mallory'), '1111:another-bots-token-xxxxxxxxxxxxxxxx');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `tma ${forged}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('init_data_invalid');
  });

  it('refuses init data whose user was altered after signing', async () => {
    const signed = signInitData(telegramUser('honest'), TEST_BOT_TOKEN);
    const tampered = signed.replace('honest', 'chief_admin');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `tma ${tampered}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses init data older than INIT_DATA_MAX_AGE_S', async () => {
    const old = signInitData(telegramUser('sleepy'), TEST_BOT_TOKEN, new Date(Date.now() - 86_401_000));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `tma ${old}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      error: 'init_data_expired',
      message: expect.stringContaining('устарела'),
    });
  });

  it('refuses init data dated ahead of now, which Telegram never signs', async () => {
    const ahead = signInitData(telegramUser('early'), TEST_BOT_TOKEN, new Date(Date.now() + 10 * 60_000));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `tma ${ahead}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('init_data_invalid');
  });

  it('refuses signed init data whose names hold a NUL character, storing nothing', async () => {
    const withNul = { ...telegramUser('nul_name'), username: 'nul\u0000name', lastName: 'Ноль' };
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `tma ${signInitData(withNul, TEST_BOT_TOKEN)}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'bad_request',
      message: expect.stringContaining('user.username'),
    });
    const stored = await t.database.db.select({ id: users.id }).from(users).where(eq(users.id, withNul.id));
    expect(stored).toEqual([]);

    const named = { ...telegramUser('nul_first'), firstName: 'Ва\u0000ня' };
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `tma ${signInitData(named, TEST_BOT_TOKEN)}` },
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toContain('user.first_name');
  });

  it('refuses another authorization scheme', async () => {
    const data = signInitData(telegramUser('bearer'), TEST_BOT_TOKEN);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${data}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('roles', () => {
  it('makes a configured username admin, bound to the first id seen with it', async () => {
    expect((await t.as(admin).get('/api/me')).json().role).toBe('admin');
    const impostor = { ...telegramUser('chief_admin'), username: 'chief_admin' };
    expect((await t.as(impostor).get('/api/me')).json().role).toBe('user');
  });

  it('makes a configured numeric id admin whatever its username', async () => {
    const byId = { id: 555, username: 'anything', firstName: 'Id', lastName: null };
    expect((await t.as(byId).get('/api/me')).json().role).toBe('admin');
  });

  it('makes the spokesman of a partner a partner, bound at first sight', async () => {
    await addPartner('Porog_Boss', 'Порог');
    const spokesman = telegramUser('porog_boss');
    expect((await t.as(spokesman).get('/api/me')).json().role).toBe('partner');
    const later = telegramUser('porog_boss');
    expect((await t.as(later).get('/api/me')).json().role).toBe('user');
  });

  it('answers the three /is/ questions about the caller', async () => {
    await addPartner('shop_owner', 'Снаряга');
    const owner = telegramUser('shop_owner');
    const client = t.as(owner);
    expect((await client.get('/api/customer/is/partner/shop_owner')).json()).toBe(true);
    expect((await client.get('/api/customer/is/admin/shop_owner')).json()).toBe(false);
    expect((await client.get('/api/customer/is/chat/member/@Shop_Owner')).json()).toBe(false);
  });
});

describe('usernames changing hands', () => {
  const meWith = (initData: string) =>
    t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `tma ${initData}` } });
  const holderOf = async (username: string) =>
    (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id;

  it('gives a username to whoever Telegram shows with it now', async () => {
    const before = { ...telegramUser('passed_on'), id: 880_001 };
    const after = { ...telegramUser('passed_on'), id: 880_002 };
    await meWith(signInitData(before, TEST_BOT_TOKEN, new Date(Date.now() - 60_000)));
    expect(await holderOf('passed_on')).toBe(before.id);
    await meWith(signInitData(after, TEST_BOT_TOKEN));
    expect(await holderOf('passed_on')).toBe(after.id);
  });

  it('does not let an older init data take a username back from its new holder', async () => {
    const seller = { ...telegramUser('sold_name'), id: 880_003 };
    const buyerOfName = { ...telegramUser('sold_name'), id: 880_004 };
    const kept = signInitData(seller, TEST_BOT_TOKEN, new Date(Date.now() - 23 * 60 * 60_000));
    await meWith(signInitData(buyerOfName, TEST_BOT_TOKEN));

    expect((await meWith(kept)).statusCode).toBe(200);

    expect(await holderOf('sold_name')).toBe(buyerOfName.id);
  });
});

describe('usernames in paths', () => {
  it('refuses a user asking about someone else', async () => {
    const user = telegramUser('curious');
    for (const what of ['admin', 'partner', 'chat/member']) {
      const res = await t.as(user).get(`/api/customer/is/${what}/chief_admin`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('forbidden');
    }
  });

  it('lets an admin ask about anyone', async () => {
    const other = telegramUser('asked_about');
    t.botApi.members.set(other.id, 'member');
    await t.as(other).get('/api/me');
    const res = await t.as(admin).get('/api/customer/is/chat/member/asked_about');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
    expect((await t.as(admin).get('/api/customer/is/admin/nobody_by_that_name')).json()).toBe(false);
  });

  it('answers 400 naming the field for an overlong username', async () => {
    const user = telegramUser('shorty');
    const res = await t.as(user).get(`/api/customer/is/admin/${'x'.repeat(65)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', field: 'username' });
  });
});

describe('whether a username was seen', () => {
  let couponId: number;
  beforeAll(async () => {
    await t.as(admin).get('/api/me');
    couponId = (await addPartnerWithCoupons(t, admin, {}, [{ price: 50, discount: 150 }]))
      .couponIds[0] as number;
  });
  /** A chat member with a coupon to give: who asks before a gift. */
  async function giver(username: string) {
    const user = telegramUser(username);
    t.botApi.members.set(user.id, 'member');
    await buyCoupon(t, user, couponId);
    return user;
  }

  it('answers a member with a coupon to give only seen or not, whatever the case of the name', async () => {
    const asker = await giver('seen_asker');
    const known = telegramUser('Seen_Before');
    await t.as(known).get('/api/me');

    const seen = await t.as(asker).get('/api/users/seen/seen_before');
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ seen: true });
    expect((await t.as(asker).get('/api/users/seen/never_opened_it')).json()).toEqual({ seen: false });
  });

  it('refuses a caller who may neither gift nor name staff, and a name Telegram could not hold', async () => {
    const outsider = telegramUser('seen_outsider');
    t.botApi.members.set(outsider.id, 'left');
    const refused = await t.as(outsider).get('/api/users/seen/seen_before');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('not_chat_member');

    const bad = await t.as(admin).get('/api/users/seen/a-b');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'bad_request', field: 'username' });
  });

  it('answers a partner who is not in the chat, for the staff they name', async () => {
    const spokesman = telegramUser('seen_spokesman');
    await addPartner('seen_spokesman', 'Смотрим заранее');
    t.botApi.members.set(spokesman.id, 'left');
    expect((await t.as(spokesman).get('/api/users/seen/never_opened_it')).json()).toEqual({ seen: false });
  });

  it('refuses a member whose only coupon is past its last day: an expired coupon is not one to give', async () => {
    const late = await giver('seen_late');
    const [coupon] = await t.database.db
      .select({ id: purchasedCoupons.id })
      .from(purchasedCoupons)
      .where(eq(purchasedCoupons.ownerId, late.id));
    await expireCoupon(t, coupon?.id as string);
    const res = await t.as(late).get('/api/users/seen/seen_before');
    expect([res.statusCode, res.json().message]).toEqual([
      403,
      'Проверить имя получателя можно, когда у вас есть купон, который можно подарить',
    ]);
  });

  it('refuses a member with no coupon to give: the answer is for a gift', async () => {
    const curious = telegramUser('seen_curious');
    t.botApi.members.set(curious.id, 'member');
    const res = await t.as(curious).get('/api/users/seen/seen_before');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error: 'forbidden',
      message: 'Проверить имя получателя можно, когда у вас есть купон, который можно подарить',
    });
  });

  it('answers one person 20 times a day across server processes, then 429', async () => {
    const asker = await giver('seen_walker');
    const other = await createTestApp({ sameDatabaseAs: t });
    other.botApi.members.set(asker.id, 'member');
    try {
      for (let i = 0; i < 20; i += 1) {
        const server = i % 2 === 0 ? t : other;
        expect((await server.as(asker).get(`/api/users/seen/walker_${i}x`)).statusCode).toBe(200);
      }
      for (const server of [t, other]) {
        const res = await server.as(asker).get('/api/users/seen/walker_last');
        expect(res.statusCode).toBe(429);
        expect(res.json().error).toBe('too_many_requests');
      }
    } finally {
      await other.close();
    }
  });
});

describe('chat membership', () => {
  it.each([
    ['creator', true],
    ['administrator', true],
    ['member', true],
    ['restricted', true],
    ['left', false],
    ['kicked', false],
  ] as const)('a %s of the community chat is a member: %s', async (status, expected) => {
    const user = telegramUser(`status_${status}`);
    t.botApi.members.set(user.id, status);
    expect((await t.as(user).get('/api/me')).json().isChatMember).toBe(expected);
  });

  it('asks getChatMember about the community chat', async () => {
    const user = telegramUser('asked');
    t.botApi.members.set(user.id, 'member');
    await t.as(user).get('/api/me');
    const call = t.botApi.callsOf('getChatMember').find((c) => Number(c.params.user_id) === user.id);
    expect(call?.params.chat_id).toBe('-1001234567890');
  });

  it('treats a user Telegram does not know in the chat as a non-member', async () => {
    const user = telegramUser('stranger');
    expect((await t.as(user).get('/api/me')).json().isChatMember).toBe(false);
  });

  it('falls back to the last known membership when the Bot API fails', async () => {
    const user = telegramUser('steady');
    t.botApi.members.set(user.id, 'member');
    expect((await t.as(user).get('/api/me')).json().isChatMember).toBe(true);
    await ageMembership(t, user.id);

    t.botApi.setFailing(true);
    try {
      expect((await t.as(user).get('/api/me')).json().isChatMember).toBe(true);
      expect(getChatMemberCalls(user.id)).toBe(2);
      // Of someone Telegram never answered about nothing is known: the server decides when it matters.
      expect((await t.as(telegramUser('never_seen')).get('/api/me')).json().isChatMember).toBeNull();
    } finally {
      t.botApi.setFailing(false);
    }
  });

  it('answers every server process from Telegram’s last word for a minute, without asking again', async () => {
    const user = telegramUser('left_lately');
    t.botApi.members.set(user.id, 'member');
    expect((await t.as(user).get('/api/me')).json().isChatMember).toBe(true);

    // Another process hears from Telegram (a chat_member update) that the user has left.
    await membershipInAnotherProcess().record(user.id, false);

    expect((await t.as(user).get('/api/me')).json().isChatMember).toBe(false);
    expect(getChatMemberCalls(user.id)).toBe(1);
    await ageMembership(t, user.id);
    expect((await t.as(user).get('/api/me')).json().isChatMember).toBe(true);
    expect(getChatMemberCalls(user.id)).toBe(2);
  });

  it('does not keep the user waiting on a Bot API that does not answer', async () => {
    const user = telegramUser('patient');
    t.botApi.members.set(user.id, 'member');
    expect((await t.as(user).get('/api/me')).json().isChatMember).toBe(true);
    await ageMembership(t, user.id);

    const otherProcess = membershipInAnotherProcess({ timeoutMs: 200 });
    t.botApi.setHanging(true);
    try {
      expect(await otherProcess.isChatMember(user.id)).toBe(true);
      expect(await otherProcess.isChatMember(telegramUser('never_answered').id)).toBe(false);
    } finally {
      t.botApi.setHanging(false);
    }
  });
});
