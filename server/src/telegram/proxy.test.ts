import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LocalProxy, startLocalProxy } from '../../../test-support/local-proxy.ts';
import { addPartnerWithCoupons, buyCoupon, giveConsent } from '../../test/fixtures.ts';
import {
  COMMUNITY_CHAT_ID,
  createTestApp,
  TEST_BOT_TOKEN,
  type TestApp,
  telegramUser,
} from '../../test/harness.ts';
import { loadConfig } from '../config.ts';
import { purchasedCoupons, users } from '../db/schema.ts';
import { launchBot } from './bot.ts';
import { createBotApi } from './bot-api.ts';

/**
 * A host in Russia reaches Telegram only through a relay abroad (TELEGRAM_PROXY_URL). Here the fake
 * Bot API answers at a name only the relay resolves, so a call that went around the proxy would
 * find no such host: everything below that works went through it.
 */
const TELEGRAM_HOST = 'api.telegram.invalid';
const credentials = { username: 'relay', password: 'p@ss:word/1' };

describe.each(['connect', 'socks5'] as const)('Telegram through a relay (%s)', (kind) => {
  let t: TestApp;
  let proxy: LocalProxy;
  let apiRoot: string;
  const admin = telegramUser(`${kind}_admin`);
  const partner = telegramUser(`${kind}_partner`);
  const buyer = telegramUser(`${kind}_buyer`);
  let couponId: number;

  beforeAll(async () => {
    t = await createTestApp({
      env: { ADMIN_USERNAMES: admin.username as string },
      rateLimits: false,
      envOf: async (fake) => {
        const port = new URL(fake.apiRoot).port;
        proxy = await startLocalProxy({
          kind,
          ...credentials,
          hosts: { [`${TELEGRAM_HOST}:${port}`]: `127.0.0.1:${port}` },
        });
        apiRoot = `http://${TELEGRAM_HOST}:${port}`;
        return { TELEGRAM_API_ROOT: apiRoot, TELEGRAM_PROXY_URL: proxy.url };
      },
    });
    for (const user of [admin, partner, buyer]) t.botApi.members.set(user.id, 'member');
    await t.as(partner).get('/api/me');
    ({
      couponIds: [couponId = 0],
    } = await addPartnerWithCoupons(
      t,
      admin,
      { companyName: `Через ${kind}`, spokesmanNickname: partner.username as string },
      [{ price: 60, discount: 300 }],
    ));
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  it('is the only way: straight to Telegram finds no such host', async () => {
    await expect(createBotApi(TEST_BOT_TOKEN, apiRoot).getMe()).rejects.toThrow();
  });

  it('asks membership, sends the QR photo and the rating buttons through it', async () => {
    const id = await buyCoupon(t, buyer, couponId);
    expect(t.botApi.callsOf('getChatMember').some((call) => Number(call.params.user_id) === buyer.id)).toBe(
      true,
    );
    await t.deliverNotifications();
    expect(t.botApi.sentPhotos().filter((photo) => photo.chatId === buyer.id)).toHaveLength(1);

    const [row] = await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id));
    const redeemed = await t.as(partner).post(`/api/coupon/apply/${row?.qrToken}/${partner.username}`);
    expect(redeemed.statusCode).toBe(200);
    await t.deliverNotifications();
    const question = t.botApi
      .sentMessages()
      .find((message) => message.chatId === buyer.id && message.text.includes('Оцените визит'));
    expect(question?.replyMarkup?.inline_keyboard?.flat().map((button) => button.text)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    expect(proxy.tunnels()).toBeGreaterThan(0);
  });

  it('loses no message while the relay is down, and sends it once the relay is back', async () => {
    const photosToBuyer = () => t.botApi.sentPhotos().filter((photo) => photo.chatId === buyer.id).length;
    const before = photosToBuyer();
    proxy.down();
    try {
      // Someone Telegram was never asked about: nothing is known of them, so no payment starts.
      const newcomer = telegramUser(`${kind}_newcomer`);
      t.botApi.members.set(newcomer.id, 'member');
      await giveConsent(t, newcomer);
      const start = await t.as(newcomer).post(`/api/payments/${couponId}`);
      expect({ status: start.statusCode, error: start.json().error }).toEqual({
        status: 503,
        error: 'membership_unknown',
      });
      // The buyer, whom Telegram answered about a moment ago, buys: the QR waits in the outbox.
      await buyCoupon(t, buyer, couponId);
      const report = await t.deliverNotifications();
      expect(report.sent).toBe(0);
      expect(report.retrying).toBeGreaterThan(0);
      expect(photosToBuyer()).toBe(before);
    } finally {
      proxy.up();
    }
    await t.deliverNotifications(new Date(Date.now() + 60 * 60_000));
    expect(photosToBuyer()).toBe(before + 1);
  });

  it('carries the bot’s long polling: a member who joins the chat is known', async () => {
    const joiner = telegramUser(`${kind}_joiner`);
    const bot = t.app.telegram.bot;
    if (!bot) throw new Error('the test app has a bot');
    const runner = await launchBot(bot, {
      webhookSecret: 'unused',
      log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
      retryMs: 20,
      inbox: t.app.telegram.updateInbox,
    });
    try {
      const person = {
        id: joiner.id,
        is_bot: false,
        first_name: joiner.firstName,
        username: joiner.username,
      };
      const updateId = t.botApi.pushUpdate({
        chat_member: {
          chat: { id: Number(COMMUNITY_CHAT_ID), type: 'supergroup', title: 'Сплав' },
          from: person,
          date: Math.floor(Date.now() / 1000),
          old_chat_member: { user: person, status: 'left' },
          new_chat_member: { user: person, status: 'member' },
        },
      });
      await t.botApi.confirmed(updateId);
      await expect
        .poll(
          async () =>
            (await t.database.db.select().from(users).where(eq(users.id, joiner.id)))[0]?.isChatMember,
        )
        .toBe(true);
    } finally {
      await runner.stop();
    }
  });
});

describe('TELEGRAM_PROXY_URL', () => {
  const env = { NODE_ENV: 'test' };
  it('takes http, https, socks5 and socks5h proxies with credentials', () => {
    for (const url of [
      'http://u:p@relay:3128',
      'https://relay.example:443',
      'socks5://u:p@relay:1080',
      'socks5h://relay:1080',
    ])
      expect(loadConfig({ ...env, TELEGRAM_PROXY_URL: url }).telegramProxyUrl).toBe(url);
  });

  it('refuses anything else, naming the variable', () => {
    for (const url of ['ftp://relay:21', 'relay:3128', 'socks4://relay:1080'])
      expect(() => loadConfig({ ...env, TELEGRAM_PROXY_URL: url })).toThrow(/TELEGRAM_PROXY_URL/);
  });
});
