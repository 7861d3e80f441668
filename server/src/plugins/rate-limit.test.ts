import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, giveConsent } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../test/harness.ts';
import { payments, redemptions } from '../db/schema.ts';
import { RATE_LIMITS } from '../http/rate-limits.ts';

let t: TestApp;
const admin = telegramUser('limit_admin');
const eager = telegramUser('eager_buyer');
const calm = telegramUser('calm_buyer');
let couponId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'limit_admin' } });
  for (const user of [eager, calm]) t.botApi.members.set(user.id, 'member');
  for (const user of [eager, calm]) await giveConsent(t, user);
  couponId = (await addPartnerWithCoupons(t, admin, {}, [{ price: 150, discount: 750 }]))
    .couponIds[0] as number;
});
afterAll(() => t.close());

const paymentsOf = async (userId: number) =>
  (await t.database.db.select({ n: count() }).from(payments).where(eq(payments.userId, userId)))[0]?.n;

describe('per-user limits on what costs something', () => {
  it('stops a user starting payments past the limit, in Russian, and nobody else', async () => {
    const { max } = RATE_LIMITS.startPayment;
    for (let i = 0; i < max; i += 1) {
      expect((await t.as(eager).post(`/api/payments/${couponId}`)).statusCode).toBe(200);
    }

    const refused = await t.as(eager).post(`/api/payments/${couponId}`);

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'too_many_requests',
      message: 'Слишком много попыток подряд. Подождите несколько минут и попробуйте снова.',
    });
    expect(await paymentsOf(eager.id)).toBe(max);
    expect((await t.as(calm).post(`/api/payments/${couponId}`)).statusCode).toBe(200);
  });

  it('counts refused redeem attempts too, so they cannot fill the table', async () => {
    const prowler = telegramUser('prowler');
    const { max } = RATE_LIMITS.redeem;
    const statuses = [];
    for (let i = 0; i < max + 5; i += 1) {
      statuses.push((await t.as(prowler).post(`/api/coupon/apply/some-token/prowler`)).statusCode);
    }

    expect(statuses.filter((status) => status === 403)).toHaveLength(max);
    expect(statuses.slice(max)).toEqual([429, 429, 429, 429, 429]);
    const recorded = await t.database.db
      .select({ n: count() })
      .from(redemptions)
      .where(eq(redemptions.userId, prowler.id));
    expect(recorded[0]?.n).toBe(max);
  });
});

describe('one count for routes that cost alike', () => {
  it('counts joins and leaves of an offer’s line together', async () => {
    const restless = telegramUser('restless_member');
    t.botApi.members.set(restless.id, 'member');
    const line = `/api/offers/${couponId}/waitlist`;
    const { max } = RATE_LIMITS.waitlist;
    const statuses = [];
    for (let i = 0; i < max; i += 1) {
      const client = t.as(restless);
      statuses.push((i % 2 === 0 ? await client.post(line) : await client.delete(line)).statusCode);
    }

    expect(statuses).not.toContain(429);
    expect((await t.as(restless).post(line)).statusCode).toBe(429);
    expect((await t.as(restless).delete(line)).statusCode).toBe(429);
  });

  it('stops the bot sending a person files past the limit, a report’s export and their own data alike', async () => {
    const sendData = () => t.as(admin).post('/api/me/data/send');
    const sendExport = () =>
      t.as(admin).post('/api/exports/send', { report: 'audit', from: '2026-06-01', to: '2026-06-30' });
    const { max } = RATE_LIMITS.sendToBot;
    for (let i = 0; i < max; i += 1) {
      expect((await (i % 2 === 0 ? sendData() : sendExport())).statusCode).toBe(200);
    }

    for (const refused of [await sendData(), await sendExport()]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(
        'Слишком много попыток подряд. Подождите несколько минут и попробуйте снова.',
      );
    }
    const documents = t.botApi
      .callsOf('sendDocument')
      .filter((call) => Number(call.params.chat_id) === admin.id);
    expect(documents).toHaveLength(max);
  });
});

describe('one count for every server process', () => {
  it('holds the limit across two processes on one database and after a restart', async () => {
    const busy = telegramUser('busy_buyer');
    t.botApi.members.set(busy.id, 'member');
    await giveConsent(t, busy);
    const other = await createTestApp({ sameDatabaseAs: t });
    other.botApi.members.set(busy.id, 'member');
    const { max } = RATE_LIMITS.startPayment;
    const statuses = [];
    try {
      for (let i = 0; i < max; i += 1) {
        const server = i % 2 === 0 ? t : other;
        statuses.push((await server.as(busy).post(`/api/payments/${couponId}`)).statusCode);
      }
      statuses.push((await other.as(busy).post(`/api/payments/${couponId}`)).statusCode);
    } finally {
      await other.close();
    }
    const restarted = await createTestApp({ sameDatabaseAs: t });
    restarted.botApi.members.set(busy.id, 'member');
    try {
      statuses.push((await restarted.as(busy).post(`/api/payments/${couponId}`)).statusCode);
    } finally {
      await restarted.close();
    }

    expect(statuses).toEqual([...Array(max).fill(200), 429, 429]);
    expect(await paymentsOf(busy.id)).toBe(max);
  });
});
