import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMaxApi, startFakeMaxApi } from '../../../test-support/fake-max-api.ts';
import { ageMembership } from '../../test/fixtures.ts';
import {
  COMMUNITY_CHAT_ID,
  createTestApp,
  TEST_BOT_TOKEN,
  type TestApp,
  telegramUser,
} from '../../test/harness.ts';
import { createMembershipService } from '../modules/users/membership.service.ts';
import { createBotApi } from '../telegram/bot-api.ts';
import { createTelegramMessenger } from '../telegram/telegram-messenger.ts';
import { type MaxUser, signMaxInitData } from './init-data.ts';
import { createMaxMessenger } from './max-messenger.ts';

const MAX_TOKEN = 'max-test-token_0123456789abcdef';
const BOT_NAME = 'id7707083893_bot';
const MAX_CHAT = '-70123456789012';

let t: TestApp;
let maxApi: FakeMaxApi;

beforeAll(async () => {
  maxApi = await startFakeMaxApi({ token: MAX_TOKEN, botName: BOT_NAME });
  t = await createTestApp({
    env: {
      MAX_BOT_TOKEN: MAX_TOKEN,
      MAX_BOT_NAME: BOT_NAME,
      MAX_COMMUNITY_CHAT_ID: MAX_CHAT,
      MAX_API_ROOT: maxApi.apiRoot,
    },
  });
});
afterAll(async () => {
  await t.close();
  await maxApi.close();
});

/** The membership service with both community chats, as a process has it: its own memory. */
const bothChats = () =>
  createMembershipService({
    db: t.database.db,
    log: t.app.log,
    messenger: createTelegramMessenger(createBotApi(TEST_BOT_TOKEN, t.botApi.apiRoot)),
    chatId: COMMUNITY_CHAT_ID,
    others: [
      {
        messenger: createMaxMessenger({ token: MAX_TOKEN, apiRoot: maxApi.apiRoot, botName: BOT_NAME }),
        chatId: MAX_CHAT,
      },
    ],
  });

/** Opens the app in MAX as `person`; the app's id of them. */
async function openInMax(person: MaxUser): Promise<number> {
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/me',
    headers: { authorization: `max ${signMaxInitData(person, MAX_TOKEN)}` },
  });
  return me.json().id;
}

/** As if the app had never asked about them: /api/me asked Telegram's chat a moment ago. */
const neverAsked = (userId: number) =>
  t.database.db.execute(`UPDATE users SET membership_checked_at = NULL WHERE id = ${userId}`);

const maxAsks = () => maxApi.callsTo('GET', `/chats/${MAX_CHAT}/members`).length;

describe('membership of either community chat', () => {
  it('asks MAX’s chat about a MAX person, by MAX’s id of them', async () => {
    const inChat: MaxUser = { id: 700001, username: 'paddler', firstName: 'Гребец', lastName: null };
    const outside: MaxUser = { id: 700002, username: 'walker', firstName: 'Пешеход', lastName: null };
    maxApi.setChat(MAX_CHAT, [{ user_id: inChat.id, first_name: inChat.firstName }]);
    const membership = bothChats();
    const inChatId = await openInMax(inChat);
    const outsideId = await openInMax(outside);
    await ageMembership(t, inChatId);
    await ageMembership(t, outsideId);
    expect(await membership.membershipOf(inChatId)).toBe('member');
    expect(await membership.membershipOf(outsideId)).toBe('not_member');
    expect(maxApi.callsTo('GET', `/chats/${MAX_CHAT}/members`).at(-1)?.query.get('user_ids')).toBe('700002');
  });

  it('is what the app says of a MAX person who opens it: the MAX chat asked as configured', async () => {
    const member: MaxUser = { id: 700010, username: 'app_member', firstName: 'Участник', lastName: null };
    maxApi.setChat(MAX_CHAT, [{ user_id: member.id, first_name: member.firstName }]);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `max ${signMaxInitData(member, MAX_TOKEN)}` },
    });
    expect(me.json()).toMatchObject({ username: 'app_member', isChatMember: true });
  });

  it('asks Telegram alone about a Telegram user, MAX never', async () => {
    const rafter = telegramUser('tg_rafter');
    await t.as(rafter).get('/api/me');
    t.botApi.members.set(rafter.id, 'member');
    await ageMembership(t, rafter.id);
    const before = maxAsks();
    expect(await bothChats().membershipOf(rafter.id)).toBe('member');
    expect(maxAsks()).toBe(before);
  });

  it('finds a person with both messengers a member of the MAX chat when not of Telegram’s', async () => {
    const both = telegramUser('both_ways');
    await t.as(both).get('/api/me');
    t.botApi.members.set(both.id, 'left');
    await t.database.db.execute(
      `INSERT INTO messenger_identities (messenger, external_id, user_id) VALUES ('max', '700003', ${both.id})`,
    );
    maxApi.setChat(MAX_CHAT, [{ user_id: 700003, first_name: 'Оба' }]);
    await ageMembership(t, both.id);
    expect(await bothChats().membershipOf(both.id)).toBe('member');
    maxApi.setChat(MAX_CHAT, []);
    await ageMembership(t, both.id);
    expect(await bothChats().membershipOf(both.id)).toBe('not_member');
  });

  it('keeps a «no» from one chat unsaid while the other cannot answer, and holds off a flooded MAX', async () => {
    const waiting: MaxUser = { id: 700004, username: 'waiting', firstName: 'Ждущий', lastName: null };
    const id = await openInMax(waiting);
    maxApi.setRouteError(`GET /chats/${MAX_CHAT}/members`, {
      status: 429,
      code: 'too.many.requests',
      message: 'Too many requests',
    });
    const membership = bothChats();
    await neverAsked(id);
    expect(await membership.membershipOf(id)).toBe('unknown');
    const asked = maxAsks();
    expect(await membership.membershipOf(id)).toBe('unknown');
    expect(maxAsks()).toBe(asked);
    maxApi.setRouteError(`GET /chats/${MAX_CHAT}/members`, undefined);
  });
});
