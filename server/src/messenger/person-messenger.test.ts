import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, buyCoupon } from '../../test/fixtures.ts';
import { createTestApp, TEST_BOT_TOKEN, type TestApp, telegramUser } from '../../test/harness.ts';
import type { MessengerDocument, MessengerPort } from '../domain/messenger.ts';
import { signMaxInitData } from '../max/init-data.ts';
import { createBotApi } from '../telegram/bot-api.ts';
import { createTelegramMessenger } from '../telegram/telegram-messenger.ts';

const MAX_TOKEN = 'max-test-token_0123456789abcdef';
const maxPerson = { id: 9_200_001, username: 'pm_max', firstName: 'Макс', lastName: null };
const telegramPerson = telegramUser('pm_telegram');

/** MAX as a second messenger's adapter would be: links of its own, and no share link. */
const files: { chatId: number; document: MessengerDocument }[] = [];
const max: MessengerPort = {
  messenger: 'max',
  sendText: async () => 'mid.1',
  sendPhoto: async () => 'mid.2',
  editCaption: async () => 'edited',
  isMember: async () => true,
  appLink: async (startParam) => `https://max.example/app?startapp=${startParam}`,
  botLink: async (payload) => `https://max.example/bot?start=${payload}`,
  sendDocument: async (chatId, document) => {
    files.push({ chatId, document });
  },
};

let t: TestApp;
let csrf: string;
beforeAll(async () => {
  t = await createTestApp({
    env: { MAX_BOT_TOKEN: MAX_TOKEN, MAX_BOT_NAME: 'id7707083893_bot', MAX_COMMUNITY_CHAT_ID: '-70123' },
    messengersOf: () => ({ max }),
  });
  csrf = (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json().token;
});
afterAll(() => t.close());

/** A call of the MAX person's, as their mini-app makes it. */
const asMax = (url: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `max ${signMaxInitData(maxPerson, MAX_TOKEN)}`, 'x-xsrf-token': csrf },
  });

describe('what the app sends a person goes through their messenger', () => {
  it('an invitation links into the person’s messenger; without a share link there, the app shares its words and link', async () => {
    const invite = await asMax('/api/me/invite');
    expect(invite.statusCode).toBe(200);
    const { appLink, text, shareUrl } = invite.json();
    expect(appLink).toMatch(/^https:\/\/max\.example\/app\?startapp=ref_/);
    expect(text).toMatch(/^Присоединяйся к сплавному чату «Катайся с нами»/);
    expect(shareUrl).toBeNull();

    const telegrams = (await t.as(telegramPerson).post('/api/me/invite')).json();
    expect(telegrams.appLink).toMatch(/^https:\/\/t\.me\/\w+\?startapp=ref_/);
    expect(telegrams.shareUrl).toMatch(/^https:\/\/t\.me\/share\/url\?/);
  });

  it('«Мои данные» as a file goes to the person’s chat in their messenger, by the id it knows them by', async () => {
    expect((await asMax('/api/me/data/send')).statusCode).toBe(200);
    expect(files.map((file) => [file.chatId, file.document.fileName])).toEqual([
      [maxPerson.id, expect.stringMatching(/\.json$/)],
    ]);
    expect(JSON.parse(files[0]?.document.bytes.toString('utf8') ?? '{}')).toBeTypeOf('object');
  });

  it('a messenger whose bot sends no files refuses, and the person downloads it instead', async () => {
    const { sendDocument } = max;
    delete max.sendDocument;
    try {
      const refused = await asMax('/api/me/data/send');
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error).toBe('bot_unavailable');
    } finally {
      max.sendDocument = sendDocument;
    }
    expect(files).toHaveLength(1);
  });
});

describe('a MAX person without a username', () => {
  it('is told how to set a nickname in MAX before giving a gift, not that the coupon is not theirs', async () => {
    const nameless = { id: 9_200_002, username: null, firstName: 'Ника', lastName: null };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/coupons/buy/friend/00000000-0000-4000-8000-000000000000/nika/friend_boris',
      headers: { authorization: `max ${signMaxInitData(nameless, MAX_TOKEN)}`, 'x-xsrf-token': csrf },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'no_username',
      message: 'Чтобы подарить купон, задайте никнейм в настройках профиля MAX и откройте приложение заново.',
    });
  });
});

describe('a gift’s message to share, where the messenger prepares none (MAX)', () => {
  const admin = telegramUser('pm_admin');
  const giver = telegramUser('pm_giver');
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({
      env: { ADMIN_USERNAMES: 'pm_admin' },
      // Telegram's adapter as a messenger without prepared messages would be.
      messengersOf: (botApi) => {
        const { prepareShare: _prepared, ...telegram } = createTelegramMessenger(
          createBotApi(TEST_BOT_TOKEN, botApi.apiRoot),
        );
        return { telegram };
      },
    });
    for (const user of [admin, giver]) {
      shop.botApi.members.set(user.id, 'member');
      await shop.as(user).get('/api/me');
    }
  });
  afterAll(() => shop.close());

  it('answers its text and the app’s link for the app to share, and prepares nothing', async () => {
    const [couponId] = (
      await addPartnerWithCoupons(shop, admin, { spokesmanNickname: 'pm_partner' }, [
        { price: 50, discount: 150 },
      ])
    ).couponIds;
    const purchased = await buyCoupon(shop, giver, couponId as number);
    const given = await shop.as(giver).post(`/api/coupons/buy/friend/${purchased}/pm_giver/pm_friend`);
    expect(given.statusCode).toBe(200);

    const shared = await shop.as(giver).post(`/api/gifts/${given.json().giftId}/prepared-message`);
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toEqual({
      text: expect.stringMatching(/^🎁 @pm_giver дарит купон «.+» на скидку 150 руб\./),
      appLink: 'https://t.me/katajsya_bot?startapp=my-coupons',
    });
    expect(shop.botApi.callsOf('savePreparedInlineMessage')).toEqual([]);
  });
});
