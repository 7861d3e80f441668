import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeBotApi, startFakeBotApi } from '../../../test-support/fake-bot-api.ts';
import {
  COMMUNITY_CHAT_ID,
  createTestApp,
  TEST_BOT_TOKEN,
  type TestApp,
  telegramUser,
} from '../../test/harness.ts';
import { ALLOWED_UPDATES, createBot, isCommunityChat, launchBot } from './bot.ts';
import type { TelegramUser } from './init-data.ts';

const PUBLIC_URL = 'https://coupons.example.ru';

const silentLog = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const asTelegramUser = (user: TelegramUser) => ({
  id: user.id,
  is_bot: false,
  first_name: user.firstName,
  ...(user.username ? { username: user.username } : {}),
});
const now = () => Math.floor(Date.now() / 1000);

describe('without PUBLIC_URL: long polling, no webhook', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has no webhook route', () => {
    expect(t.app.hasRoute({ method: 'POST', url: '/api/telegram/webhook' })).toBe(false);
  });

  it('receives updates by getUpdates (chat_member asked for), answers /start, and keeps membership true', async () => {
    const bot = t.app.telegram.bot;
    if (!bot) throw new Error('the test app has a bot');
    const runner = await launchBot(bot, {
      webhookSecret: 'unused',
      log: silentLog(),
      inbox: t.app.telegram.updateInbox,
    });
    try {
      const user = telegramUser('poller', 'Лена');
      expect((await t.as(user).get('/api/me')).json().isChatMember).toBe(false);

      const joined = t.botApi.pushUpdate({
        chat_member: {
          chat: { id: Number(COMMUNITY_CHAT_ID), type: 'supergroup', title: 'Сплавной чат' },
          from: asTelegramUser(user),
          date: now(),
          old_chat_member: { status: 'left', user: asTelegramUser(user) },
          new_chat_member: { status: 'member', user: asTelegramUser(user) },
        },
      });
      await t.botApi.confirmed(joined);
      expect((await t.as(user).get('/api/me')).json().isChatMember).toBe(true);

      const start = t.botApi.pushUpdate({
        message: {
          message_id: 1,
          date: now(),
          chat: { id: user.id, type: 'private', first_name: user.firstName },
          from: asTelegramUser(user),
          text: '/start',
          entities: [{ type: 'bot_command', offset: 0, length: 6 }],
        },
      });
      await t.botApi.confirmed(start);
      const answers = t.botApi.sentMessages().filter((m) => m.chatId === user.id);
      expect(answers).toHaveLength(1);
      // No https address: a web_app button cannot be offered, and the answer says why.
      expect(answers[0]?.replyMarkup).toBeUndefined();
      expect(answers[0]?.text).toContain('не опубликовано');
    } finally {
      await runner.stop();
    }

    expect(t.botApi.callsOf('deleteWebhook')).toHaveLength(1);
    expect(t.botApi.callsOf('setWebhook')).toHaveLength(0);
    const firstPoll = t.botApi.callsOf('getUpdates')[0];
    expect(firstPoll?.params.allowed_updates).toEqual(expect.arrayContaining(['chat_member', 'message']));
  });
});

describe('with PUBLIC_URL: webhook and menu button, no polling', () => {
  let fake: FakeBotApi;
  beforeAll(async () => {
    fake = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  });
  afterAll(() => fake.close());

  const newBot = () =>
    createBot({
      token: TEST_BOT_TOKEN,
      apiRoot: fake.apiRoot,
      communityChatId: COMMUNITY_CHAT_ID,
      onSighting: vi.fn(),
      log: silentLog(),
    });

  it('sets the webhook with its secret and chat_member, and the menu button opening the app', async () => {
    const runner = await launchBot(newBot(), {
      publicUrl: PUBLIC_URL,
      webhookSecret: 's3cret',
      log: silentLog(),
    });
    await runner.stop();

    expect(fake.state.webhook).toEqual({ url: `${PUBLIC_URL}/api/telegram/webhook`, secretToken: 's3cret' });
    expect(fake.callsOf('setWebhook')[0]?.params.allowed_updates).toEqual([...ALLOWED_UPDATES]);
    expect(ALLOWED_UPDATES).toContain('chat_member');
    expect(fake.state.menuButton).toEqual({ type: 'web_app', text: 'Скидки', web_app: { url: PUBLIC_URL } });
    expect(fake.callsOf('getUpdates')).toHaveLength(0);
    expect(fake.callsOf('deleteWebhook')).toHaveLength(0);
  });

  it('registers the relay’s address instead when one takes the updates (TELEGRAM_WEBHOOK_URL); the menu opens PUBLIC_URL', async () => {
    const runner = await launchBot(newBot(), {
      publicUrl: PUBLIC_URL,
      webhookUrl: 'https://relay.example/telegram-webhook',
      webhookSecret: 's3cret',
      log: silentLog(),
    });
    await runner.stop();

    expect(fake.state.webhook).toEqual({
      url: 'https://relay.example/telegram-webhook',
      secretToken: 's3cret',
    });
    expect(fake.state.menuButton).toEqual({ type: 'web_app', text: 'Скидки', web_app: { url: PUBLIC_URL } });
  });

  it('does not stop start-up when Telegram cannot be reached; the failure is logged', async () => {
    const log = silentLog();
    fake.setMethodError('setWebhook', { error_code: 502, description: 'Bad Gateway' });
    try {
      const runner = await launchBot(newBot(), { publicUrl: PUBLIC_URL, webhookSecret: 'x', log });
      await runner.stop();
    } finally {
      fake.setMethodError('setWebhook', undefined);
    }
    expect(log.error).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('webhook'));
  });
});

describe('isCommunityChat', () => {
  it('matches a numeric id or a public chat handle', () => {
    expect(isCommunityChat({ id: -1001234567890 }, '-1001234567890')).toBe(true);
    expect(isCommunityChat({ id: -1001234567891 }, '-1001234567890')).toBe(false);
    expect(isCommunityChat({ id: -100, username: 'Splav_Chat' }, '@splav_chat')).toBe(true);
    expect(isCommunityChat({ id: -100, username: 'other' }, '@splav_chat')).toBe(false);
    expect(isCommunityChat({ id: -100 }, undefined)).toBe(false);
  });
});
