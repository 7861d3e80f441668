import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeBotApi } from '#test-support/fake-bot-api';
import { addPartnerWithCoupons, ageMembership, giveConsent } from '../../../test/fixtures.ts';
import {
  COMMUNITY_CHAT_ID,
  createTestApp,
  TEST_BOT_TOKEN,
  type TestApp,
  telegramUser,
} from '../../../test/harness.ts';
import { users } from '../../db/schema.ts';
import { createBotApi } from '../../telegram/bot-api.ts';
import { createTelegramMessenger } from '../../telegram/telegram-messenger.ts';
import { createMembershipService } from './membership.service.ts';

// A burst of first opens (a post in the chat): getChatMember asked once per user, and not at all
// while Telegram says to wait (429 with retry_after), the open answered all the same.

let t: TestApp;
const admin = telegramUser('burst_admin', 'Анна');

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'burst_admin' } });
});
afterAll(() => t.close());

/** The membership service as another server process has it: the same database, its own memory. */
const anotherProcess = (apiRoot = t.botApi.apiRoot) =>
  createMembershipService({
    db: t.database.db,
    log: t.app.log,
    messenger: createTelegramMessenger(createBotApi(TEST_BOT_TOKEN, apiRoot)),
    chatId: COMMUNITY_CHAT_ID,
  });

const asksAbout = (userId: number) =>
  t.botApi.callsOf('getChatMember').filter((call) => Number(call.params.user_id) === userId).length;

const tooManyRequests = (retryAfterS: number) => ({
  error_code: 429,
  description: `Too Many Requests: retry after ${retryAfterS}`,
  retry_after: retryAfterS,
});

async function addUser(id: number) {
  await t.database.db.insert(users).values({ id, firstName: 'Тест' });
}

describe('getChatMember under a burst', () => {
  it('asks Telegram once about a user whom many requests ask about together', async () => {
    const user = telegramUser('asked_together');
    await addUser(user.id);
    t.botApi.members.set(user.id, 'member');
    const membership = anotherProcess();

    const answers = await Promise.all(Array.from({ length: 20 }, () => membership.isChatMember(user.id)));

    expect(answers).toEqual(Array(20).fill(true));
    expect(asksAbout(user.id)).toBe(1);
    // The answer is kept: asked again, the database answers.
    expect(await membership.isChatMember(user.id)).toBe(true);
    expect(asksAbout(user.id)).toBe(1);
  });

  it('answers a first open sent many times at once with one getChatMember', async () => {
    const user = telegramUser('opened_twice');
    t.botApi.members.set(user.id, 'member');

    const opens = await Promise.all(Array.from({ length: 10 }, () => t.as(user).get('/api/me')));

    expect(opens.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(opens.every((res) => res.json().isChatMember === true)).toBe(true);
    expect(asksAbout(user.id)).toBe(1);
  });

  it('asks nobody after a 429 until retry_after has passed, answering the last known membership', async () => {
    const known = telegramUser('known_member');
    const gone = telegramUser('known_gone');
    const first = telegramUser('limited_first');
    const second = telegramUser('limited_second');
    for (const user of [known, first, second]) t.botApi.members.set(user.id, 'member');
    t.botApi.members.set(gone.id, 'left');
    for (const user of [known, gone]) await addUser(user.id);
    const membership = anotherProcess();
    expect(await membership.membershipOf(known.id)).toBe('member');
    expect(await membership.membershipOf(gone.id)).toBe('not_member');
    for (const user of [known, gone]) await ageMembership(t, user.id);

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      t.botApi.setMethodError('getChatMember', tooManyRequests(30));
      // Never answered about: not known, and not a member for what needs one.
      expect(await membership.membershipOf(first.id)).toBe('unknown');
      expect(await membership.isChatMember(first.id)).toBe(false);
      expect(asksAbout(first.id)).toBe(1);
      t.botApi.setMethodError('getChatMember', undefined);

      // Telegram would answer now, but said to wait 30 s: the last answers stand.
      vi.setSystemTime(Date.now() + 29_000);
      expect(await membership.membershipOf(second.id)).toBe('unknown');
      expect(await membership.membershipOf(known.id)).toBe('member');
      expect(await membership.membershipOf(gone.id)).toBe('not_member');
      expect(asksAbout(second.id)).toBe(0);
      expect(asksAbout(known.id)).toBe(1);
      expect(asksAbout(gone.id)).toBe(1);

      vi.setSystemTime(Date.now() + 2_000);
      expect(await membership.membershipOf(second.id)).toBe('member');
      expect(await membership.membershipOf(first.id)).toBe('member');
      expect(asksAbout(second.id)).toBe(1);
      expect(asksAbout(first.id)).toBe(2);
    } finally {
      t.botApi.setMethodError('getChatMember', undefined);
      vi.useRealTimers();
    }
  });

  it('cuts a burst of newcomers at Telegram’s first 429, however many come after', async () => {
    const telegram = await startFakeBotApi({
      token: TEST_BOT_TOKEN,
      getChatMemberLimit: { perSecond: 5, retryAfterS: 30 },
    });
    try {
      const newcomers = Array.from({ length: 20 }, (_, i) => telegramUser(`newcomer_${i}`));
      for (const user of newcomers) telegram.members.set(user.id, 'member');
      const membership = anotherProcess(telegram.apiRoot);

      const answers: string[] = [];
      for (const user of newcomers) answers.push(await membership.membershipOf(user.id));

      const asks = telegram.callsOf('getChatMember');
      expect(asks.filter((call) => call.status === 429)).toHaveLength(1);
      // The 429 was the last call: nobody was asked about after it.
      expect(asks.at(-1)?.status).toBe(429);
      // Those Telegram answered are members; of the rest nothing is known yet.
      const answered = asks.filter((call) => call.status === 200).length;
      expect(answers).toEqual(newcomers.map((_, i) => (i < answered ? 'member' : 'unknown')));
    } finally {
      await telegram.close();
    }
  });

  // Last in the file: the app's own service stays quiet for retry_after of real time after it.
  it('opens the app for a newcomer while Telegram limits it, who is asked to try buying again shortly, not to join', async () => {
    const { couponIds } = await addPartnerWithCoupons(t, admin, {}, [{ price: 100, discount: 1000 }]);
    const newcomer = telegramUser('burst_newcomer');
    t.botApi.members.set(newcomer.id, 'member');

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      t.botApi.setMethodError('getChatMember', tooManyRequests(30));
      const open = await t.as(newcomer).get('/api/me');
      expect(open.statusCode).toBe(200);
      expect(open.json().isChatMember).toBeNull();
      t.botApi.setMethodError('getChatMember', undefined);

      await giveConsent(t, newcomer);
      const buy = await t.as(newcomer).post(`/api/payments/${couponIds[0]}`);
      expect(buy.statusCode).toBe(503);
      expect(buy.json()).toMatchObject({
        error: 'membership_unknown',
        message:
          'Не получилось проверить, что вы в сплавном чате: Telegram просит подождать. Попробуйте через минуту.',
      });
      expect(asksAbout(newcomer.id)).toBe(1);

      vi.setSystemTime(Date.now() + 31_000);
      expect((await t.as(newcomer).get('/api/me')).json().isChatMember).toBe(true);
      expect(asksAbout(newcomer.id)).toBe(2);
    } finally {
      t.botApi.setMethodError('getChatMember', undefined);
      vi.useRealTimers();
    }
  });
});
