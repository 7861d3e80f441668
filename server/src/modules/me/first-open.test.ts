import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '#contract/date-time';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { appOpens, users } from '../../db/schema.ts';

// What opening the app costs the database, pinned. On PGlite every statement waits its turn on the
// server's own core, one at a time: a crowd of first opens waits for each other's statements
// (docs/performance.md, «The crowd»), so a round trip added here is paid by everyone in the crowd.

let sent: string[] = [];
const count = (text: string) => sent.push(text);
let standIn: TestApp;
let withBot: TestApp;

beforeAll(async () => {
  standIn = await createTestApp({ standIn: true, onStatement: count });
  withBot = await createTestApp({ onStatement: count });
});
afterAll(async () => {
  await standIn?.close();
  await withBot?.close();
});

/** The statements sent while `request` was answered (the test app runs no background work). */
async function statementsOf(request: () => Promise<{ statusCode: number }>): Promise<string[]> {
  sent = [];
  const res = await request();
  expect(res.statusCode).toBe(200);
  return sent;
}

const openedToday = async (t: TestApp, userId: number) =>
  (await t.database.db.select().from(appOpens).where(eq(appOpens.userId, userId))).map((row) => row.day);

describe('a first open', () => {
  it('costs the stand-in one statement for /api/me (profile, day’s open, membership, consent, held gifts), none for /api/csrf', async () => {
    const newcomer = telegramUser('first_open_stand_in');

    const me = await statementsOf(() => standIn.as(newcomer).get('/api/me'));
    const csrf = await statementsOf(() => standIn.app.inject({ method: 'GET', url: '/api/csrf' }));

    expect(me.length, me.join('\n')).toBeLessThanOrEqual(1);
    expect(csrf).toEqual([]);
    expect(await openedToday(standIn, newcomer.id)).toEqual([dayIn('Europe/Moscow', new Date())]);
  });

  it('costs three with a bot: membership read again before Telegram is asked, and its answer recorded', async () => {
    const newcomer = telegramUser('first_open_with_bot');
    withBot.botApi.members.set(newcomer.id, 'member');

    const me = await statementsOf(() => withBot.as(newcomer).get('/api/me'));

    expect(me.length, me.join('\n')).toBeLessThanOrEqual(3);
    expect(await openedToday(withBot, newcomer.id)).toHaveLength(1);
  });

  it('costs one for an open again within minutes, its writes already made', async () => {
    const returning = telegramUser('first_open_again');
    await standIn.as(returning).get('/api/me');

    const me = await statementsOf(() => standIn.as(returning).get('/api/me'));

    expect(me.length, me.join('\n')).toBeLessThanOrEqual(1);
  });

  it('records the day’s open when the profile is not written at once: a username another holds, older news', async () => {
    const holder = telegramUser('first_open_taken');
    const taker = { ...telegramUser(null), username: 'first_open_taken' };
    const ahead = telegramUser('first_open_ahead');
    await standIn.as(holder).get('/api/me');
    await standIn.database.db
      .insert(users)
      .values({ id: ahead.id, firstName: 'Раньше', profileAsOf: sql`now() + interval '1 hour'` });

    for (const user of [taker, ahead]) expect((await standIn.as(user).get('/api/me')).statusCode).toBe(200);

    for (const user of [holder, taker, ahead]) expect(await openedToday(standIn, user.id)).toHaveLength(1);
  });
});
