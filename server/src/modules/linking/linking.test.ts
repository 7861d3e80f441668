import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMaxApi, startFakeMaxApi } from '../../../../test-support/fake-max-api.ts';
import { addPartnerWithCoupons, buyCoupon } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { type MaxUser, signMaxInitData } from '../../max/init-data.ts';
import type { TelegramUser } from '../../telegram/init-data.ts';
import { maxWebhookSecret } from '../max-bot/max-bot.manifest.ts';
import { MAX_WEBHOOK_PATH } from '../max-bot/max-bot.routes.ts';
import { createUserService } from '../users/users.service.ts';

const MAX_TOKEN = 'max-test-token_0123456789abcdef';
const MAX_BOT = 'id7707083893_bot';
const TELEGRAM_SECRET = 'webhook-secret-for-tests_0123456789';

let t: TestApp;
let maxApi: FakeMaxApi;
let csrf: string;
const admin = telegramUser('link_admin');
let couponId: number;
let nextMaxId = 770_000;
let nextUpdateId = 1;

beforeAll(async () => {
  maxApi = await startFakeMaxApi({ token: MAX_TOKEN, botName: MAX_BOT });
  t = await createTestApp({
    env: {
      ADMIN_USERNAMES: 'link_admin',
      PUBLIC_URL: 'https://coupons.example.org',
      TELEGRAM_WEBHOOK_SECRET: TELEGRAM_SECRET,
      MAX_BOT_TOKEN: MAX_TOKEN,
      MAX_BOT_NAME: MAX_BOT,
      MAX_API_ROOT: maxApi.apiRoot,
      MAX_COMMUNITY_CHAT_ID: '-70123456789012',
    },
  });
  csrf = (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json().token;
  t.botApi.members.set(admin.id, 'member');
  const { couponIds } = await addPartnerWithCoupons(t, admin, { spokesmanNickname: 'link_partner' }, [
    { price: 100, discount: 900 },
  ]);
  couponId = couponIds[0] as number;
});
afterAll(async () => {
  await t.close();
  await maxApi.close();
});

const maxPerson = (username: string | null): MaxUser => {
  nextMaxId += 1;
  return { id: nextMaxId, username, firstName: 'Макс', lastName: null };
};

/** A call as `person` launched in MAX. */
const inMax = (person: MaxUser, method: 'GET' | 'POST' | 'DELETE', url: string) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `max ${signMaxInitData(person, MAX_TOKEN)}`, 'x-xsrf-token': csrf },
  });

const query = async <Row>(text: string) =>
  ((await t.database.db.execute(text)) as unknown as { rows: Row[] }).rows;

/** MAX's bot started by `person` through `link` (its `?start=` payload), and what it answered them. */
async function startMaxBot(person: MaxUser, link: string) {
  const payload = new URL(link).searchParams.get('start');
  const update = {
    update_type: 'bot_started',
    timestamp: Date.now(),
    chat_id: person.id,
    user: { user_id: person.id, first_name: person.firstName, username: person.username, is_bot: false },
    payload,
  };
  const res = await t.app.inject({
    method: 'POST',
    url: MAX_WEBHOOK_PATH,
    headers: { 'x-max-bot-api-secret': maxWebhookSecret(MAX_TOKEN) },
    payload: update,
  });
  expect(res.statusCode).toBe(200);
  return maxApi.sentMessages().findLast((message) => message.userId === person.id)?.text ?? '';
}

/** Telegram's bot started by `user` with `/start <payload>`, and what it answered them. */
async function startTelegramBot(user: TelegramUser, link: string) {
  const payload = new URL(link).searchParams.get('start');
  const text = `/start ${payload}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/telegram/webhook',
    headers: { 'x-telegram-bot-api-secret-token': TELEGRAM_SECRET },
    payload: {
      update_id: nextUpdateId++,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: user.id, type: 'private', first_name: user.firstName },
        from: { id: user.id, is_bot: false, first_name: user.firstName, username: user.username },
        text,
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    },
  });
  expect(res.statusCode).toBe(200);
  return t.botApi.sentMessages().findLast((message) => message.chatId === user.id)?.text ?? '';
}

/** A Telegram member who bought a coupon. */
async function buyer(name: string) {
  const user = telegramUser(name);
  t.botApi.members.set(user.id, 'member');
  const purchasedCouponId = await buyCoupon(t, user, couponId);
  return { user, purchasedCouponId };
}

const myCouponIds = async (response: { json(): unknown }) =>
  (response.json() as { id: string }[]).map((coupon) => coupon.id).toSorted();

describe('a code that links a Telegram account to MAX', () => {
  it('opens MAX’s bot with a code of 128 random bits, new at every press, kept only as a hash', async () => {
    const user = telegramUser('code_maker');
    const first = await t.as(user).post('/api/me/messengers/max/link');
    expect(first.statusCode).toBe(200);
    const { link, expiresAt } = first.json();
    expect(link).toMatch(/^https:\/\/max\.ru\/id7707083893_bot\?start=link-[\w-]{22}$/);
    const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    const second = (await t.as(user).post('/api/me/messengers/max/link')).json().link;
    expect(second).not.toBe(link);
    const code = link.split('link-')[1];
    const stored = await query<{ code_hash: string }>(
      `SELECT code_hash FROM link_codes WHERE user_id = ${user.id}`,
    );
    expect(stored).toHaveLength(2);
    expect(stored.map((row) => row.code_hash)).not.toContain(code);
  });

  it('refuses a code nobody made, and one for the messenger the caller is in', async () => {
    const person = maxPerson('guesser');
    const answer = await startMaxBot(person, `https://max.ru/${MAX_BOT}?start=link-${'A'.repeat(22)}`);
    expect(answer).toContain('устарела или уже использована');
    const user = telegramUser('same_place');
    const res = await t.as(user).post('/api/me/messengers/telegram/link');
    expect(res.statusCode).toBe(409);
  });

  it('makes five codes an hour per person, no more', async () => {
    const user = telegramUser('many_codes');
    for (let made = 0; made < 5; made += 1)
      expect((await t.as(user).post('/api/me/messengers/max/link')).statusCode).toBe(200);
    expect((await t.as(user).post('/api/me/messengers/max/link')).statusCode).toBe(429);
  });

  it('links once: the same code again, or after ten minutes, links nothing', async () => {
    const user = telegramUser('once_only');
    await t.as(user).get('/api/me');
    const { link } = (await t.as(user).post('/api/me/messengers/max/link')).json();
    const person = maxPerson('once_max');
    expect(await startMaxBot(person, link)).toContain('связан с вашим');
    const stranger = maxPerson('stranger_max');
    expect(await startMaxBot(stranger, link)).toContain('устарела или уже использована');
    expect((await inMax(stranger, 'GET', '/api/me')).json().id).not.toBe(user.id);

    const late = telegramUser('too_late');
    const expired = (await t.as(late).post('/api/me/messengers/max/link')).json().link;
    await t.database.db.execute(
      `UPDATE link_codes SET expires_at = now() - interval '1 second' WHERE user_id = ${late.id}`,
    );
    const latePerson = maxPerson('late_max');
    expect(await startMaxBot(latePerson, expired)).toContain('устарела или уже использована');
    expect((await inMax(latePerson, 'GET', '/api/me')).json().id).not.toBe(late.id);
  });
});

describe('one person in both messengers', () => {
  it('shows the same coupons in My QR and the same person in /api/me in both launches', async () => {
    const { user, purchasedCouponId } = await buyer('both_tg');
    const person = maxPerson('both_max');
    const { link } = (await t.as(user).post('/api/me/messengers/max/link')).json();
    expect(await startMaxBot(person, link)).toContain('Купоны, история и согласия теперь общие');

    const inTelegram = (await t.as(user).get('/api/me')).json();
    const onMax = (await inMax(person, 'GET', '/api/me')).json();
    expect(onMax.id).toBe(inTelegram.id);
    expect(onMax.username).toBe('both_max');
    const telegramQr = await t.as(user).get(`/api/coupon/valid/qr/customer/${user.username}`);
    const maxQr = await inMax(person, 'GET', `/api/coupon/valid/qr/customer/${person.username}`);
    expect(await myCouponIds(maxQr)).toEqual([purchasedCouponId]);
    expect(await myCouponIds(maxQr)).toEqual(await myCouponIds(telegramQr));

    // Each messenger's username stays its own, whichever launch came last.
    expect((await t.as(user).get('/api/me/messengers')).json()).toEqual({
      accounts: [
        { messenger: 'telegram', username: 'both_tg' },
        { messenger: 'max', username: 'both_max' },
      ],
      linkable: [],
    });
    expect((await inMax(person, 'GET', '/api/me/messengers')).json().accounts).toEqual([
      { messenger: 'max', username: 'both_max' },
      { messenger: 'telegram', username: 'both_tg' },
    ]);
    // A gift to their MAX nickname finds them.
    const found = await createUserService(t.database.db, []).findByUsername('Both_Max', 'max');
    expect(found?.id).toBe(user.id);
    // The back office names the buyer's two accounts.
    const listed = (await t.as(admin).get('/api/admin/purchases?q=both_tg')).json().items;
    expect(listed.map((item: { buyerMessengers: unknown }) => item.buyerMessengers)).toEqual([
      [
        { messenger: 'telegram', username: 'both_tg' },
        { messenger: 'max', username: 'both_max' },
      ],
    ]);
  });

  it('unlinking loses nothing: the coupons stay with the person, and MAX’s account is someone new', async () => {
    const { user, purchasedCouponId } = await buyer('parting_tg');
    const person = maxPerson('parting_max');
    const { link } = (await t.as(user).post('/api/me/messengers/max/link')).json();
    await startMaxBot(person, link);

    const after = await t.as(user).delete('/api/me/messengers/max');
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({
      accounts: [{ messenger: 'telegram', username: 'parting_tg' }],
      linkable: ['max'],
    });
    const telegramQr = await t.as(user).get(`/api/coupon/valid/qr/customer/${user.username}`);
    expect(await myCouponIds(telegramQr)).toEqual([purchasedCouponId]);
    const onMax = (await inMax(person, 'GET', '/api/me')).json();
    expect(onMax.id).not.toBe(user.id);
    expect(onMax.username).toBe('parting_max');
    const maxQr = await inMax(person, 'GET', `/api/coupon/valid/qr/customer/${person.username}`);
    expect(await myCouponIds(maxQr)).toEqual([]);
  });

  it('unlinking Telegram from a person who came from it leaves them MAX’s, with MAX’s username', async () => {
    const { user, purchasedCouponId } = await buyer('origin_tg');
    const person = maxPerson('origin_max');
    const { link } = (await t.as(user).post('/api/me/messengers/max/link')).json();
    await startMaxBot(person, link);
    await inMax(person, 'GET', '/api/me');

    const after = (await inMax(person, 'DELETE', '/api/me/messengers/telegram')).json();
    expect(after).toEqual({
      accounts: [{ messenger: 'max', username: 'origin_max' }],
      linkable: ['telegram'],
    });
    const maxQr = await inMax(person, 'GET', `/api/coupon/valid/qr/customer/${person.username}`);
    expect(await myCouponIds(maxQr)).toEqual([purchasedCouponId]);
    const inTelegram = (await t.as(user).get('/api/me')).json();
    expect(inTelegram.username).toBe('origin_tg');
    const telegramQr = await t.as(user).get(`/api/coupon/valid/qr/customer/${user.username}`);
    expect(await myCouponIds(telegramQr)).toEqual([]);
  });
});

describe('merging two people who both hold coupons', () => {
  it('moves every row of the other onto the person in one go, and the other is gone', async () => {
    // A MAX person with a coupon of their own (as a MAX purchase leaves it), a Telegram buyer with another.
    const { purchasedCouponId: maxCoupon } = await buyer('max_coupon_source');
    const person = maxPerson('merge_max');
    const maxId = (await inMax(person, 'GET', '/api/me')).json().id as number;
    await t.database.db.execute(`UPDATE purchased_coupons SET owner_id = ${maxId} WHERE id = '${maxCoupon}'`);
    await t.database.db.execute(
      `UPDATE payments SET user_id = ${maxId} WHERE id = (SELECT payment_id FROM purchased_coupons WHERE id = '${maxCoupon}')`,
    );
    const { user, purchasedCouponId: telegramCoupon } = await buyer('merge_tg');
    await t.as(user).post('/api/me/consent');

    // The code is made in MAX, and Telegram's bot takes it: the person is the Telegram user's id,
    // as every Telegram user's is, and the MAX person merges into them.
    const { link } = (await inMax(person, 'POST', '/api/me/messengers/telegram/link')).json();
    expect(link).toMatch(/^https:\/\/t\.me\/.+\?start=link-[\w-]{22}$/);
    expect(await startTelegramBot(user, link)).toContain('Купоны, история и согласия теперь общие');

    const both = [maxCoupon, telegramCoupon].toSorted();
    const telegramQr = await t.as(user).get(`/api/coupon/valid/qr/customer/${user.username}`);
    const maxQr = await inMax(person, 'GET', `/api/coupon/valid/qr/customer/${person.username}`);
    expect(await myCouponIds(telegramQr)).toEqual(both);
    expect(await myCouponIds(maxQr)).toEqual(both);
    expect((await inMax(person, 'GET', '/api/me')).json().id).toBe(user.id);

    // Nothing refers to the MAX person's id any more: every column that references users.
    const references = await query<{ table: string; column: string }>(`
      SELECT tc.table_name AS table, kcu.column_name AS column
      FROM information_schema.table_constraints tc
      JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name
      JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name
      WHERE tc.constraint_type = 'FOREIGN KEY' AND ccu.table_name = 'users'`);
    expect(references.length).toBeGreaterThan(15);
    for (const { table, column } of references) {
      const left = await query(`SELECT 1 FROM "${table}" WHERE "${column}" = ${maxId}`);
      expect(left, `${table}.${column}`).toEqual([]);
    }
    expect(await query(`SELECT 1 FROM users WHERE id = ${maxId}`)).toEqual([]);
    expect(await query(`SELECT 1 FROM audit_events WHERE actor_id = ${maxId}`)).toEqual([]);
    const payments = await query<{ user_id: string }>(
      `SELECT user_id FROM payments WHERE id IN (SELECT payment_id FROM purchased_coupons WHERE id IN ('${maxCoupon}', '${telegramCoupon}'))`,
    );
    expect(payments.map((row) => Number(row.user_id))).toEqual([user.id, user.id]);
    // The consent given in Telegram is the person's in MAX too.
    expect((await inMax(person, 'GET', '/api/me')).json().consentGiven).toBe(true);
  });

  it('refuses, moving nothing, when both are spokesmen of partners, and says so', async () => {
    const spokesman = telegramUser('merge_spokes_tg');
    await addPartnerWithCoupons(t, admin, { spokesmanNickname: 'merge_spokes_tg', companyName: 'Порог' });
    await t.as(spokesman).get('/api/me');
    const person = maxPerson('merge_spokes_max');
    const maxId = (await inMax(person, 'GET', '/api/me')).json().id as number;
    await t.database.db.execute(
      `INSERT INTO partners (region, company_name, partner_type, phone, address, email, spokesman_username, spokesman_messenger, spokesman_user_id)
       VALUES ('Карелия', 'Шуя', 'ШКОЛА', '79110000000', 'Петрозаводск', 'p@example.ru', 'merge_spokes_max', 'max', ${maxId})`,
    );
    const { link } = (await t.as(spokesman).post('/api/me/messengers/max/link')).json();
    const answer = await startMaxBot(person, link);
    expect(answer).toContain('Аккаунты не связаны');
    expect(answer).toContain('«Порог»');
    expect(answer).toContain('«Шуя»');
    expect((await inMax(person, 'GET', '/api/me')).json().id).toBe(maxId);
    expect((await t.as(spokesman).get('/api/me/messengers')).json().accounts).toHaveLength(1);
  });
});
