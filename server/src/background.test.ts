import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

// What the manifests declare to run beside the requests, as main.ts starts it once the server listens.
const TOKEN = 'background-scrape-token-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());

/** The background runs that went through, by their names in the metrics. */
async function goneThrough() {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  return [...res.body.matchAll(/^background_sweep_last_success_timestamp_seconds\{sweep="([^"]+)"\}/gm)]
    .map(([, name]) => name)
    .sort();
}

const polls = () => t.botApi.callsOf('getUpdates').length;
const someoneWrites = () =>
  t.botApi.pushUpdate({
    message: {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      chat: { id: 777_001, type: 'private' },
      from: { id: 777_001, is_bot: false, first_name: 'Тест' },
      text: 'привет',
    },
  });

describe('the app’s background', () => {
  it('starts when main.ts says (the outbox, the bot’s long polling, every sweep) and stops before the database closes', async () => {
    expect(await goneThrough()).toEqual([]);
    expect(polls()).toBe(0);

    await t.app.background.start();
    await expect
      .poll(goneThrough, { timeout: 30_000, interval: 100 })
      .toEqual([
        'closing receipts',
        'expiries',
        'held gifts',
        'outbox',
        'pending refunds',
        'reminders',
        'retention',
        'stale payments',
      ]);
    // The bot takes an update and asks for the next.
    await t.botApi.confirmed(someoneWrites());

    await t.app.background.stop();
    const polled = polls();
    someoneWrites();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(polls()).toBe(polled);
  });
});
