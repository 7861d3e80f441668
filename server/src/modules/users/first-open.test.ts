import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';

// What opening the app costs the database, pinned. On PGlite every statement waits its turn on the
// server's own core, one at a time: a crowd of first opens waits for each other's statements
// (issue 36, docs/performance.md), so a round trip added here is paid by everyone in the crowd.

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

describe('a first open', () => {
  it('costs the stand-in five statements for /api/me, and none for /api/csrf', async () => {
    const newcomer = telegramUser('first_open_stand_in');

    const me = await statementsOf(() => standIn.as(newcomer).get('/api/me'));
    const csrf = await statementsOf(() => standIn.app.inject({ method: 'GET', url: '/api/csrf' }));

    expect(me.length, me.join('\n')).toBeLessThanOrEqual(5);
    expect(csrf).toEqual([]);
  });

  it('costs six with a bot: Telegram’s answer about the chat recorded besides', async () => {
    const newcomer = telegramUser('first_open_with_bot');
    withBot.botApi.members.set(newcomer.id, 'member');

    const me = await statementsOf(() => withBot.as(newcomer).get('/api/me'));

    expect(me.length, me.join('\n')).toBeLessThanOrEqual(6);
  });

  it('costs three for an open again within minutes, its writes already made', async () => {
    const returning = telegramUser('first_open_again');
    await standIn.as(returning).get('/api/me');

    const me = await statementsOf(() => standIn.as(returning).get('/api/me'));

    expect(me.length, me.join('\n')).toBeLessThanOrEqual(3);
  });
});
