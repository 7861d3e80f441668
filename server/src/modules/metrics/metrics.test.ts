import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, buyCoupon } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { notifications } from '../../db/schema.ts';

const TOKEN = 'scrape-token-0123456789abcdef';
let t: TestApp;
const admin = telegramUser('metrics_admin');
const buyer = telegramUser('metrics_buyer');

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'metrics_admin', METRICS_TOKEN: TOKEN } });
  t.botApi.members.set(buyer.id, 'member');
});
afterAll(() => t.close());

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Prometheus' text format (version 0.0.4), read as a scraper reads it: `# HELP` and `# TYPE` lines,
 * then samples `name{label="value",…} number`. Throws on any line that is neither, and on a sample
 * of a family no `# TYPE` line announced.
 */
function parseExposition(text: string): Sample[] {
  const typed = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') typed.set(meta[2] as string, meta[3] as string);
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`not a line of the text format: ${line}`);
    const name = sample[1] as string;
    const family = [...typed.keys()].find(
      (known) => name === known || ['_bucket', '_sum', '_count'].some((suffix) => name === known + suffix),
    );
    if (!family) throw new Error(`a sample of no announced family: ${line}`);
    const labels: Record<string, string> = {};
    const labelText = sample[2] ?? '';
    const label = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/gy;
    let matched = label.exec(labelText);
    let read = 0;
    while (matched) {
      labels[matched[1] as string] = (matched[2] as string).replace(/\\(.)/g, (_, c) =>
        c === 'n' ? '\n' : c,
      );
      read = label.lastIndex;
      matched = label.exec(labelText);
    }
    if (read !== labelText.length) throw new Error(`labels that do not parse: ${line}`);
    // Go's ParseFloat, which Prometheus reads values with, takes NaN and Inf in any case.
    const written = sample[3] as string;
    const value = /^nan$/i.test(written)
      ? Number.NaN
      : /^[+-]?inf$/i.test(written)
        ? (written.startsWith('-') ? -1 : 1) * Number.POSITIVE_INFINITY
        : Number(written);
    if (Number.isNaN(value) && !/^nan$/i.test(written)) throw new Error(`not a number: ${line}`);
    samples.push({ name, labels, value });
  }
  return samples;
}

const scrape = async (app = t.app) => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
  return parseExposition(res.body);
};

const sampleValue = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;

describe('GET /api/metrics', () => {
  it('answers only a scraper that sends the configured token', async () => {
    const without = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect([without.statusCode, wrong.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toMatchObject({
      error: 'metrics_token_invalid',
      message: expect.stringContaining('METRICS_TOKEN'),
    });
    expect(wrong.body).not.toContain('http_request_duration_seconds');
  });

  it('does not exist on a server without a token', async () => {
    const plain = await createTestApp({ sameDatabaseAs: t });
    try {
      const res = await plain.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('counts requests by route and status, with their durations', async () => {
    await t.as(buyer).get('/api/partners/region');
    await t.as(buyer).get('/api/partners/region');
    await t.as(buyer).get('/api/no/such/route');
    const samples = await scrape();

    const regions = { method: 'GET', route: '/api/partners/region', status: '200' };
    expect(sampleValue(samples, 'http_request_duration_seconds_count', regions)).toBe(2);
    expect(sampleValue(samples, 'http_request_duration_seconds_bucket', { ...regions, le: '+Inf' })).toBe(2);
    expect(sampleValue(samples, 'http_request_duration_seconds_sum', regions)).toBeGreaterThan(0);
    expect(
      sampleValue(samples, 'http_request_duration_seconds_count', { route: 'unmatched', status: '404' }),
    ).toBe(1);
  });

  it('tells payments by status, the outbox, and Telegram’s 429s', async () => {
    const { couponIds } = await addPartnerWithCoupons(t, admin, { companyName: 'Метрика' }, [
      { price: 100, discount: 700 },
    ]);
    await buyCoupon(t, buyer, couponIds[0] as number);
    await t.database.db.delete(notifications);
    const queued = new Date(Date.now() - 120_000);
    await t.database.db.insert(notifications).values([
      { kind: 'GIFT_RECEIVED', eventKey: 'metrics-1', chatId: buyer.id, text: 'Раз', createdAt: queued },
      // Another chat: the outbox sends a chat one message at a time, so each chat meets the 429.
      { kind: 'GIFT_RECEIVED', eventKey: 'metrics-2', chatId: admin.id, text: 'Два' },
    ]);

    const before = await scrape();
    expect(sampleValue(before, 'payments', { status: 'SUCCEEDED' })).toBe(1);
    expect(sampleValue(before, 'payments', { status: 'CANCELED' })).toBe(0);
    expect(sampleValue(before, 'outbox_messages_pending')).toBe(2);
    expect(sampleValue(before, 'outbox_oldest_message_age_seconds')).toBeGreaterThanOrEqual(120);
    expect(
      sampleValue(before, 'telegram_bot_api_rate_limited_total', { method: 'sendMessage' }),
    ).toBeUndefined();

    t.botApi.setMethodError('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 5',
      retry_after: 5,
    });
    try {
      await t.deliverNotifications();
    } finally {
      t.botApi.setMethodError('sendMessage', undefined);
    }
    const limited = await scrape();
    expect(sampleValue(limited, 'telegram_bot_api_rate_limited_total', { method: 'sendMessage' })).toBe(2);
    expect(sampleValue(limited, 'outbox_messages_pending')).toBe(2);

    // Given up: one refused by Telegram, one unanswered for a day; a row with nothing to send is neither.
    const failedAt = new Date();
    await t.database.db.insert(notifications).values([
      {
        kind: 'GIFT_RECEIVED',
        eventKey: 'metrics-3',
        chatId: buyer.id,
        text: 'Три',
        failedAt,
        undelivered: 'REFUSED',
      },
      {
        kind: 'GIFT_RECEIVED',
        eventKey: 'metrics-4',
        chatId: buyer.id,
        text: 'Четыре',
        failedAt,
        undelivered: 'UNANSWERED',
      },
      { kind: 'COUPON_QR', eventKey: 'metrics-5', chatId: buyer.id, text: '', failedAt },
    ]);
    const givenUp = await scrape();
    expect([
      sampleValue(givenUp, 'outbox_messages_undelivered', { reason: 'refused' }),
      sampleValue(givenUp, 'outbox_messages_undelivered', { reason: 'unanswered' }),
    ]).toEqual([1, 1]);

    await t.database.db.delete(notifications);
    const empty = await scrape();
    expect([
      sampleValue(empty, 'outbox_messages_pending'),
      sampleValue(empty, 'outbox_oldest_message_age_seconds'),
    ]).toEqual([0, 0]);
  });

  it('tells when each background sweep last went through, and the process’s own metrics', async () => {
    const startedAt = Date.now() / 1000;
    t.app.maintenance.start();
    try {
      await expect
        .poll(
          async () =>
            sampleValue(await scrape(), 'background_sweep_last_success_timestamp_seconds', {
              sweep: 'retention',
            }),
          {
            timeout: 60_000,
            interval: 100,
          },
        )
        .toBeGreaterThanOrEqual(Math.floor(startedAt));
    } finally {
      await t.app.maintenance.stop();
    }
    const samples = await scrape();
    const sweeps = samples
      .filter((sample) => sample.name === 'background_sweep_last_success_timestamp_seconds')
      .map((sample) => sample.labels.sweep)
      .sort();
    expect(sweeps).toEqual([
      'closing receipts',
      'expiries',
      'held gifts',
      'pending refunds',
      'reminders',
      'retention',
      'stale payments',
    ]);
    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    if (t.databaseUrl) {
      expect(sampleValue(samples, 'db_pool_connections', { state: 'max' })).toBe(10);
      expect(sampleValue(samples, 'db_pool_waiting_queries')).toBe(0);
    } else {
      expect(sampleValue(samples, 'db_pool_connections', { state: 'max' })).toBeUndefined();
    }
  });

  it('tells whether this process reaches Telegram’s Bot API: nothing before its first call, 0 while a relay answers 502, 1 again', async () => {
    const fresh = await createTestApp({ sameDatabaseAs: t, env: { METRICS_TOKEN: TOKEN } });
    try {
      const reach = async () => sampleValue(await scrape(fresh.app), 'telegram_bot_api_up');
      expect(await reach()).toBeUndefined();

      // Opening the app asks Telegram whether the caller is in the chat.
      let clock = 0;
      fresh.botApi.setClock(() => clock);
      fresh.botApi.addOutage({ fromMs: 0, untilMs: 60_000, status: 502 });
      expect((await fresh.as(telegramUser('metrics_unreached')).get('/api/me')).statusCode).toBe(200);
      expect(await reach()).toBe(0);

      clock = 60_000;
      await fresh.as(telegramUser('metrics_reached')).get('/api/me');
      expect(await reach()).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});
