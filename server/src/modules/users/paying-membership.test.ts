import { count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BotApiError } from '#test-support/fake-bot-api';
import { addPartnerWithCoupons, giveConsent } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { payments, users } from '../../db/schema.ts';
import type { TelegramUser } from '../../telegram/init-data.ts';
import { TRUSTED_FOR_PAYMENT_S } from './membership.service.ts';

// What a failed getChatMember means for money: a «member» Telegram confirmed lately starts a
// payment; one confirmed long ago is not trusted while Telegram cannot be asked.

let t: TestApp;
const admin = telegramUser('pm_admin');
let couponId: number;
const TRUSTED_MINUTES = TRUSTED_FOR_PAYMENT_S / 60;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'pm_admin' }, rateLimits: false });
  couponId = (await addPartnerWithCoupons(t, admin, {}, [{ price: 100, discount: 1000 }]))
    .couponIds[0] as number;
});
afterEach(() => {
  t.botApi.setMethodError('getChatMember', undefined);
  vi.useRealTimers();
});
afterAll(() => t.close());

const TELEGRAM_FAILS: BotApiError = { error_code: 500, description: 'Internal Server Error' };
const TOO_MANY: BotApiError = {
  error_code: 429,
  description: 'Too Many Requests: retry after 30',
  retry_after: 30,
};
const TRY_AGAIN = {
  error: 'membership_unknown',
  message:
    'Не получилось проверить, что вы в сплавном чате: Telegram просит подождать. Попробуйте через минуту.',
};

/** A consenting member whose open Telegram answered about `minutes` minutes ago. */
async function memberConfirmedAgo(name: string, minutes: number) {
  const user = telegramUser(name);
  t.botApi.members.set(user.id, 'member');
  expect((await t.as(user).get('/api/me')).json().isChatMember).toBe(true);
  await giveConsent(t, user);
  await t.database.db
    .update(users)
    .set({ membershipCheckedAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(users.id, user.id));
  return user;
}

const startPayment = (user: TelegramUser) => t.as(user).post(`/api/payments/${couponId}`);
const paymentsOf = async (user: TelegramUser) =>
  (await t.database.db.select({ n: count() }).from(payments).where(eq(payments.userId, user.id)))[0]?.n;
const asksAbout = (user: TelegramUser) =>
  t.botApi.callsOf('getChatMember').filter((call) => Number(call.params.user_id) === user.id).length;

describe('a payment start while getChatMember fails', () => {
  it('refuses a «member» confirmed over ten minutes ago as «try again in a minute», starting nothing', async () => {
    const removed = await memberConfirmedAgo('pm_removed', TRUSTED_MINUTES + 1);
    // Removed from the chat while the bot heard nothing of it (no chat_member update came).
    t.botApi.members.set(removed.id, 'kicked');
    t.botApi.setMethodError('getChatMember', TELEGRAM_FAILS);

    const refused = await startPayment(removed);

    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual(TRY_AGAIN);
    expect(await paymentsOf(removed)).toBe(0);
    expect(asksAbout(removed)).toBe(2);

    // Telegram answers again: the removal is known, and said as it is.
    t.botApi.setMethodError('getChatMember', undefined);
    const again = await startPayment(removed);
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toBe('not_chat_member');
    expect(await paymentsOf(removed)).toBe(0);
  });

  it('starts the payment of a member Telegram confirmed a few minutes ago', async () => {
    const member = await memberConfirmedAgo('pm_recent', TRUSTED_MINUTES - 2);
    t.botApi.setMethodError('getChatMember', TELEGRAM_FAILS);

    expect((await startPayment(member)).statusCode).toBe(200);
    expect(await paymentsOf(member)).toBe(1);
    // Telegram was asked, and failed: the recent answer stood in for it.
    expect(asksAbout(member)).toBe(2);
  });

  // Last in the file: the app stays quiet towards Telegram for the 429's retry_after.
  it('holds the same while Telegram says to wait (429): a recent member pays, an old one tries again', async () => {
    const recent = await memberConfirmedAgo('pm_recent_429', TRUSTED_MINUTES - 2);
    const old = await memberConfirmedAgo('pm_old_429', TRUSTED_MINUTES + 1);
    vi.useFakeTimers({ toFake: ['Date'] });
    t.botApi.setMethodError('getChatMember', TOO_MANY);

    const oldStart = await startPayment(old);
    const recentStart = await startPayment(recent);

    expect(oldStart.statusCode).toBe(503);
    expect(oldStart.json()).toEqual(TRY_AGAIN);
    expect(recentStart.statusCode).toBe(200);
    expect([await paymentsOf(old), await paymentsOf(recent)]).toEqual([0, 1]);

    // Past retry_after Telegram is asked again, and the old member, still in the chat, pays.
    t.botApi.setMethodError('getChatMember', undefined);
    vi.setSystemTime(Date.now() + 31_000);
    expect((await startPayment(old)).statusCode).toBe(200);
  });
});
