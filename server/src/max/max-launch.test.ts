import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../test/harness.ts';
import { signInitData } from '../telegram/init-data.ts';
import { type MaxUser, signMaxInitData } from './init-data.ts';

const MAX_TOKEN = 'max-test-token_0123456789abcdef';
/** The first id users_internal_id_seq gives: 2^52, past every Telegram id. */
const INTERNAL_IDS_FROM = 2 ** 52;

let t: TestApp;
let csrf: string;
const admin = telegramUser('boss_admin');

beforeAll(async () => {
  t = await createTestApp({
    env: {
      MAX_BOT_TOKEN: MAX_TOKEN,
      MAX_BOT_NAME: 'id7707083893_bot',
      MAX_COMMUNITY_CHAT_ID: '-70123456789012',
      // Nothing here asks MAX anything: a port nobody listens on.
      MAX_API_ROOT: 'http://127.0.0.1:9',
      ADMIN_USERNAMES: 'boss_admin',
    },
  });
  csrf = (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json().token;
  await t.as(admin).get('/api/me');
});
afterAll(() => t.close());

const call = (authorization: string, method: 'GET' | 'POST' = 'GET', url = '/api/me') =>
  t.app.inject({ method, url, headers: { authorization, 'x-xsrf-token': csrf } });

const identitiesOf = (userId: number) =>
  t.database.db.execute(
    `SELECT messenger, external_id FROM messenger_identities WHERE user_id = ${userId} ORDER BY messenger`,
  ) as unknown as Promise<{ rows: { messenger: string; external_id: string }[] }>;

describe('a launch in MAX', () => {
  const maks: MaxUser = { id: 67890, username: null, firstName: 'Макс', lastName: null };

  it('is a person of the app under an id of its own, the same at every open, MAX’s id in their identity', async () => {
    const first = await call(`max ${signMaxInitData(maks, MAX_TOKEN)}`);
    expect(first.statusCode).toBe(200);
    const me = first.json();
    expect(me).toMatchObject({ username: null, firstName: 'Макс', role: 'user' });
    expect(me.id).toBeGreaterThanOrEqual(INTERNAL_IDS_FROM);
    expect(Number.isSafeInteger(me.id)).toBe(true);
    const again = await call(`max ${signMaxInitData(maks, MAX_TOKEN, new Date(), 'my-coupons')}`);
    expect(again.json().id).toBe(me.id);
    expect((await identitiesOf(me.id)).rows).toEqual([{ messenger: 'max', external_id: '67890' }]);
  });

  it('is someone else than the Telegram user of the same number', async () => {
    const telegram = { id: 67890, username: 'maks_tg', firstName: 'Телеграм', lastName: null };
    const inTelegram = (await t.as(telegram).get('/api/me')).json();
    expect(inTelegram.id).toBe(67890);
    const inMax = (await call(`max ${signMaxInitData(maks, MAX_TOKEN)}`)).json();
    expect(inMax.id).not.toBe(inTelegram.id);
    expect(inMax.firstName).toBe('Макс');
  });

  it('refuses Telegram’s init data on a MAX launch, and MAX’s on a Telegram one', async () => {
    const someone = telegramUser('someone_tg');
    const telegramSigned = signInitData(someone, t.botToken);
    expect((await call(`tma ${telegramSigned}`)).statusCode).toBe(200);
    const onMax = await call(`max ${telegramSigned}`);
    expect(onMax.statusCode).toBe(401);
    expect(onMax.json().error).toBe('init_data_invalid');
    const maxSigned = signMaxInitData({ ...maks, id: someone.id }, MAX_TOKEN);
    const onTelegram = await call(`tma ${maxSigned}`);
    expect(onTelegram.statusCode).toBe(401);
  });

  it('refuses a key given twice and an hour-old launch', async () => {
    const initData = signMaxInitData(maks, MAX_TOKEN);
    const doubled = `${initData}&auth_date=${Math.floor(Date.now() / 1000)}`;
    expect((await call(`max ${doubled}`)).json().error).toBe('init_data_invalid');
    const old = signMaxInitData(maks, MAX_TOKEN, new Date(Date.now() - 2 * 60 * 60 * 1000));
    expect((await call(`max ${old}`)).json().error).toBe('init_data_expired');
  });

  it('lets someone without a username browse, and tells them to set one in MAX before buying', async () => {
    const noName: MaxUser = { id: 555001, username: null, firstName: 'Без ника', lastName: null };
    const authorization = `max ${signMaxInitData(noName, MAX_TOKEN)}`;
    expect((await call(authorization, 'GET', '/api/partners/region')).statusCode).toBe(200);
    const buy = await call(authorization, 'POST', '/api/payments/1');
    expect(buy.statusCode).toBe(403);
    expect(buy.json()).toEqual({
      error: 'no_username',
      message: expect.stringMatching(/задайте никнейм в настройках профиля MAX/),
    });
    // Telegram's words stay Telegram's.
    const telegramBuy = await t.as(telegramUser(null)).post('/api/payments/1');
    expect(telegramBuy.json().message).toMatch(/в настройках Telegram/);
  });

  it('binds a MAX username to nothing of Telegram’s: neither a spokesman nor an admin named there', async () => {
    await addPartnerWithCoupons(t, admin, { spokesmanNickname: 'river_guide' });
    const guide: MaxUser = { id: 555002, username: 'river_guide', firstName: 'Гид', lastName: null };
    expect((await call(`max ${signMaxInitData(guide, MAX_TOKEN)}`)).json()).toMatchObject({
      username: 'river_guide',
      role: 'user',
    });
    const boss: MaxUser = { id: 555003, username: 'boss_admin', firstName: 'Не админ', lastName: null };
    expect((await call(`max ${signMaxInitData(boss, MAX_TOKEN)}`)).json().role).toBe('user');
    // The Telegram spokesman of that name is the partner, as before.
    expect((await t.as(telegramUser('river_guide')).get('/api/me')).json().role).toBe('partner');
  });
});
