import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_CHAT_ID, createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { users } from '../../db/schema.ts';
import type { TelegramUser } from '../../telegram/init-data.ts';

const PUBLIC_URL = 'https://coupons.example.ru';
const SECRET = 'webhook-secret-for-tests_0123456789';

let t: TestApp;
let nextUpdateId = 1;
const logged: { msg?: string }[] = [];

beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line));
  });
  t = await createTestApp({
    env: { PUBLIC_URL, TELEGRAM_WEBHOOK_SECRET: SECRET, LOG_LEVEL: 'warn' },
    logStream,
  });
});
afterAll(() => t.close());

const asTelegramUser = (user: TelegramUser) => ({
  id: user.id,
  is_bot: false,
  first_name: user.firstName,
  ...(user.username ? { username: user.username } : {}),
});
const communityChat = { id: Number(COMMUNITY_CHAT_ID), type: 'supergroup', title: 'Сплавной чат' };
const now = () => Math.floor(Date.now() / 1000);

function postUpdate(update: Record<string, unknown>, secret: string | null = SECRET) {
  return t.app.inject({
    method: 'POST',
    url: '/api/telegram/webhook',
    headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret },
    payload: { update_id: nextUpdateId++, ...update },
  });
}

const startCommand = (user: TelegramUser) => ({
  message: {
    message_id: 1,
    date: now(),
    chat: { id: user.id, type: 'private', first_name: user.firstName },
    from: asTelegramUser(user),
    text: '/start',
    entities: [{ type: 'bot_command', offset: 0, length: 6 }],
  },
});

const chatMemberUpdate = (user: TelegramUser, from: string, to: string, chat = communityChat) => ({
  chat_member: {
    chat,
    from: asTelegramUser(user),
    date: now(),
    old_chat_member: { status: from, user: asTelegramUser(user) },
    new_chat_member: { status: to, user: asTelegramUser(user) },
  },
});

const chatMessage = (user: TelegramUser, chat: Record<string, unknown> = communityChat, extra = {}) => ({
  message: {
    message_id: 7,
    date: now(),
    chat,
    from: asTelegramUser(user),
    text: 'Кто завтра на Шую?',
    ...extra,
  },
});

async function storedUser(id: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe('the webhook secret', () => {
  it('refuses an update without the secret header, and does not act on it', async () => {
    const user = telegramUser('no_secret');
    const res = await postUpdate(chatMemberUpdate(user, 'left', 'member'), null);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('webhook_secret_invalid');
    expect(await storedUser(user.id)).toBeUndefined();
  });

  it('refuses an update with another secret, and does not act on it', async () => {
    const user = telegramUser('wrong_secret');
    const res = await postUpdate(startCommand(user), `${SECRET.slice(0, -1)}x`);
    expect(res.statusCode).toBe(401);
    expect(t.botApi.sentMessages().filter((m) => m.chatId === user.id)).toEqual([]);
  });

  it('accepts an update with the secret and needs no CSRF token or init data', async () => {
    const user = telegramUser('right_secret');
    const res = await postUpdate(chatMemberUpdate(user, 'left', 'member'));
    expect(res.statusCode).toBe(200);
    expect(await storedUser(user.id)).toMatchObject({ username: 'right_secret', isChatMember: true });
  });

  const postRaw = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': SECRET, 'content-type': 'application/json' },
      payload,
    });

  it('answers 200 to a body it cannot read, drops it and says so in the log', async () => {
    const user = telegramUser('nul_name');
    const withNul = JSON.stringify({
      update_id: nextUpdateId++,
      ...chatMemberUpdate({ ...user, firstName: 'Оля\u0000' }, 'left', 'member'),
    });
    const before = logged.length;
    for (const payload of [withNul, JSON.stringify({ hello: 'world' }), '{"update_id": 5,']) {
      expect((await postRaw(payload)).statusCode).toBe(200);
    }
    const lines = logged.slice(before).filter((line) => line.msg === 'telegram update unreadable, dropped');
    expect(lines).toHaveLength(3);
    expect(await storedUser(user.id)).toBeUndefined();
  });

  it('tells a caller without the secret nothing about the body it sent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/telegram/webhook',
      payload: { hello: 'world' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('webhook_secret_invalid');
  });
});

describe('/start', () => {
  it('answers in Russian with a button that opens the mini-app', async () => {
    const user = telegramUser('newcomer', 'Оля');
    expect((await postUpdate(startCommand(user))).statusCode).toBe(200);
    const answers = t.botApi.sentMessages().filter((m) => m.chatId === user.id);
    expect(answers).toHaveLength(1);
    expect(answers[0]?.text).toContain('Катайся с нами');
    expect(answers[0]?.replyMarkup?.inline_keyboard).toEqual([
      [{ text: 'Открыть приложение', web_app: { url: PUBLIC_URL } }],
    ]);
  });

  it('still answers 200 to Telegram when the Bot API fails to send the answer', async () => {
    const user = telegramUser('unlucky');
    t.botApi.setFailing(true);
    try {
      expect((await postUpdate(startCommand(user))).statusCode).toBe(200);
    } finally {
      t.botApi.setFailing(false);
    }
    expect(t.botApi.callsOf('sendMessage').some((c) => Number(c.params.chat_id) === user.id)).toBe(true);
  });
});

describe('membership kept true by the community chat', () => {
  it('a chat_member join and leave change what /api/me says', async () => {
    // Telegram's getChatMember does not know this user: only the updates can change the answer.
    const user = telegramUser('joiner');
    expect((await t.as(user).get('/api/me')).json().isChatMember).toBe(false);

    await postUpdate(chatMemberUpdate(user, 'left', 'member'));
    expect((await t.as(user).get('/api/me')).json().isChatMember).toBe(true);

    await postUpdate(chatMemberUpdate(user, 'member', 'left'));
    expect((await t.as(user).get('/api/me')).json().isChatMember).toBe(false);
    expect((await storedUser(user.id))?.isChatMember).toBe(false);
  });

  it.each([
    ['kicked', false],
    ['administrator', true],
    ['creator', true],
  ] as const)('a member becoming %s is a member: %s', async (status, expected) => {
    const user = telegramUser(`became_${status}`);
    await postUpdate(chatMemberUpdate(user, 'left', 'member'));
    await postUpdate(chatMemberUpdate(user, 'member', status));
    expect((await t.as(user).get('/api/me')).json().isChatMember).toBe(expected);
  });

  it('a member restricted but still in the chat stays a member; restricted and out does not', async () => {
    const inside = telegramUser('muted_inside');
    const outside = telegramUser('muted_outside');
    const restricted = (user: TelegramUser, isMember: boolean) => ({
      chat_member: {
        chat: communityChat,
        from: asTelegramUser(user),
        date: now(),
        old_chat_member: { status: 'member', user: asTelegramUser(user) },
        new_chat_member: { status: 'restricted', is_member: isMember, user: asTelegramUser(user) },
      },
    });
    await postUpdate(restricted(inside, true));
    await postUpdate(restricted(outside, false));
    expect((await storedUser(inside.id))?.isChatMember).toBe(true);
    expect((await storedUser(outside.id))?.isChatMember).toBe(false);
  });

  it('ignores chat_member updates of other chats', async () => {
    const user = telegramUser('elsewhere');
    const otherChat = { id: -1009999999999, type: 'supergroup', title: 'Другой чат' };
    await postUpdate(chatMemberUpdate(user, 'left', 'member', otherChat));
    expect(await storedUser(user.id)).toBeUndefined();
  });

  it('a message in the community chat makes its author known by username and a member', async () => {
    const user = telegramUser('Chatty_Paddler', 'Петя');
    await postUpdate(chatMessage(user));
    expect(await storedUser(user.id)).toMatchObject({
      username: 'Chatty_Paddler',
      firstName: 'Петя',
      isChatMember: true,
    });
  });

  it('a message elsewhere does not', async () => {
    const user = telegramUser('group_stranger');
    await postUpdate(chatMessage(user, { id: -1005555555555, type: 'supergroup', title: 'Другой чат' }));
    expect(await storedUser(user.id)).toBeUndefined();
  });

  it('a username taken by someone else in the chat moves to them', async () => {
    const before = telegramUser('river_name');
    await postUpdate(chatMessage(before));
    const after = { ...telegramUser('other'), username: 'River_Name' };
    await postUpdate(chatMessage(after));
    expect((await storedUser(before.id))?.username).toBeNull();
    expect((await storedUser(after.id))?.username).toBe('River_Name');
  });

  it('join and leave service messages record who joined and who left', async () => {
    const admin = telegramUser('chat_admin');
    const joined = telegramUser('added_friend');
    await postUpdate(
      chatMessage(admin, communityChat, { text: undefined, new_chat_members: [asTelegramUser(joined)] }),
    );
    expect((await storedUser(joined.id))?.isChatMember).toBe(true);

    await postUpdate(
      chatMessage(joined, communityChat, { text: undefined, left_chat_member: asTelegramUser(joined) }),
    );
    expect((await storedUser(joined.id))?.isChatMember).toBe(false);
    expect((await t.as(joined).get('/api/me')).json().isChatMember).toBe(false);
  });

  it('a member who left and writes again after rejoining is a member again', async () => {
    const user = telegramUser('comeback');
    await postUpdate(chatMessage(user));
    await postUpdate(chatMemberUpdate(user, 'member', 'left'));
    expect((await t.as(user).get('/api/me')).json().isChatMember).toBe(false);
    await postUpdate(chatMemberUpdate(user, 'left', 'member'));
    await postUpdate(chatMessage(user));
    expect((await t.as(user).get('/api/me')).json().isChatMember).toBe(true);
  });
});
