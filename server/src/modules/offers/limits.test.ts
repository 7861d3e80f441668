import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addLimitedOffer,
  addPartnerWithCoupons,
  giveConsent,
  payingCrowd,
  sandboxPayment,
} from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { auditEvents, offerHolds, payments, purchasedCoupons } from '../../db/schema.ts';
import type { TelegramUser } from '../../telegram/init-data.ts';
import { reserve } from './holds.ts';

let t: TestApp;
let partnerId: number;
const admin = telegramUser('limits_admin');
const buyers = Array.from({ length: 6 }, (_, i) => telegramUser(`limits_buyer_${i}`));
const [first, second, third] = buyers as [TelegramUser, TelegramUser, TelegramUser];

beforeAll(async () => {
  t = await createTestApp({
    env: { ADMIN_USERNAMES: 'limits_admin', LOG_LEVEL: 'error' },
    rateLimits: false,
    logStream: process.stderr,
  });
  for (const buyer of buyers) {
    t.botApi.members.set(buyer.id, 'member');
    await giveConsent(t, buyer);
  }
  ({ partnerId } = await addPartnerWithCoupons(t, admin, { companyName: 'Лимит' }));
});
afterAll(() => t.close());

const offerWith = (limits: Parameters<typeof addLimitedOffer>[3]) =>
  addLimitedOffer(t, admin, partnerId, limits);

const start = (buyer: TelegramUser, couponId: number, app = t) =>
  app.as(buyer).post(`/api/payments/${couponId}`);
const sandbox = (paymentId: string, action: 'pay' | 'cancel') => sandboxPayment(t, paymentId, action);
const confirm = (buyer: TelegramUser, couponId: number, paymentId: string) =>
  t.as(buyer).post(`/api/coupons/buy/${couponId}/${buyer.username}`, { paymentId });
const offerShown = async (couponId: number) =>
  ((await t.as(first).get(`/api/coupons/partner/${partnerId}`)).json() as { id: number }[]).find(
    (offer) => offer.id === couponId,
  );
const paymentsOf = async (couponId: number) =>
  (await t.database.db.select({ n: count() }).from(payments).where(eq(payments.couponId, couponId)))[0]?.n;
const issuedOf = async (couponId: number) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(purchasedCoupons)
      .where(eq(purchasedCoupons.couponId, couponId))
  )[0]?.n;
/** The line's policy for a race on an offer nobody waits for: telling anyone would be a bug. */
const nobodyInLine = {
  minutes: 120,
  tell: async () => {
    throw new Error('a unit handed to a line nobody stands in');
  },
};
/** As if the hold's OFFER_HOLD_MINUTES had passed. */
const lapse = (paymentId: string) =>
  t.database.db
    .update(offerHolds)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(offerHolds.paymentId, paymentId));

describe('an offer’s limits in the request, the acceptance and the catalogue', () => {
  it('keeps the partner’s limits in the request list, lets the admin change them on acceptance, shows them to buyers', async () => {
    const startsAt = '2030-11-29T07:00:00.000Z';
    const applied = await t.as(admin).post('/api/coupon/apply', {
      partnerId,
      price: 50,
      discount: 500,
      quantity: 20,
      perBuyer: 2,
      saleStartsAt: startsAt,
    });
    expect(applied.statusCode).toBe(200);
    const listed = await t.as(admin).get('/api/coupons/to/apply');
    expect(listed.statusCode, listed.body).toBe(200);
    const list = listed.json();
    expect(list.at(-1)).toMatchObject({ quantity: 20, perBuyer: 2, saleStartsAt: startsAt });
    const { couponId } = list.at(-1);
    await t.as(admin).post('/api/coupon/apply/accept', { couponId, paymentLink: '', quantity: 30 });
    expect(await offerShown(couponId)).toMatchObject({
      quantity: 30,
      left: 30,
      perBuyer: 2,
      saleStartsAt: startsAt,
    });
  });

  it('refuses limits out of range with a reason', async () => {
    const res = await t
      .as(admin)
      .post('/api/coupon/apply', { partnerId, price: 50, discount: 500, quantity: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Количество: целое число от 1 до 100\u00a0000');
    const perBuyer = await t
      .as(admin)
      .post('/api/coupon/apply', { partnerId, price: 50, discount: 500, perBuyer: 101 });
    expect(perBuyer.json().message).toBe('В одни руки: целое число от 1 до 100');
  });

  it('shows an unlimited offer with nothing left to count', async () => {
    const couponId = await offerWith({});
    expect(await offerShown(couponId)).toMatchObject({ quantity: null, left: null, saleStartsAt: null });
  });
});

describe('holds', () => {
  it('refuses before the sale starts, naming the start in Moscow time, and stores nothing', async () => {
    const couponId = await offerWith({ quantity: 5, saleStartsAt: '2030-11-29T07:00:00Z' });
    const res = await start(first, couponId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'sale_not_started',
      message: 'Продажа начнется 29.11.2030 10:00 по Москве',
    });
    expect(await paymentsOf(couponId)).toBe(0);
  });

  it('holds a unit per payment start and refuses the next when none is free, storing nothing', async () => {
    const couponId = await offerWith({ quantity: 2 });
    const held = (await start(first, couponId)).json();
    expect((await start(second, couponId)).statusCode).toBe(200);
    expect(await offerShown(couponId)).toMatchObject({ left: 0 });
    // The payment, its hold and its audit row.
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, held.paymentId));
    expect(payment).toMatchObject({ couponId, userId: first.id, amount: 100, status: 'PENDING' });
    const [hold] = await t.database.db
      .select()
      .from(offerHolds)
      .where(eq(offerHolds.paymentId, held.paymentId));
    expect(hold).toMatchObject({ couponId, userId: first.id });
    expect(hold?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    const audit = await t.database.db
      .select({ kind: auditEvents.kind, actorId: auditEvents.actorId, details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.subject, `payment:${held.paymentId}`));
    expect(audit).toEqual([
      {
        kind: 'payment.started',
        actorId: first.id,
        details: { offerId: couponId, amount: 100, provider: payment?.provider },
      },
    ]);
    const refused = await start(third, couponId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'sold_out', message: 'Купоны закончились' });
    expect(await paymentsOf(couponId)).toBe(2);
  });

  it('tells a drop’s refusals before asking the person anything: the sale’s start, then «sold out» once the last unit is held', async () => {
    // Outside the chat and without consent: the start itself would refuse them for that, but at a
    // drop the offer's own refusal comes first, from what the process knows (gate.ts).
    const stranger = telegramUser('limits_stranger');
    t.botApi.members.set(stranger.id, 'left');
    const later = await offerWith({ quantity: 1, saleStartsAt: '2030-11-29T07:00:00Z' });
    expect((await start(stranger, later)).json()).toMatchObject({ error: 'sale_not_started' });
    const couponId = await offerWith({ quantity: 1 });
    expect((await start(stranger, couponId)).json()).toMatchObject({ error: 'consent_required' });
    expect((await start(first, couponId)).statusCode).toBe(200);
    const refused = await start(stranger, couponId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'sold_out', message: 'Купоны закончились' });
  });

  it('gives a press’s place at the gate back whatever refused it after: the sixth stranger still waits for nothing', async () => {
    const couponId = await offerWith({ quantity: 1 });
    for (let i = 0; i < 6; i += 1) {
      const stranger = telegramUser(`limits_no_consent_${i}`);
      expect((await start(stranger, couponId)).json()).toMatchObject({ error: 'consent_required' });
    }
    expect((await start(first, couponId)).statusCode).toBe(200);
  });

  it('does not count a refusal of the gate against the person’s limit of starts', async () => {
    const limited = await createTestApp({ sameDatabaseAs: t });
    for (const buyer of [first, second]) limited.botApi.members.set(buyer.id, 'member');
    try {
      const couponId = await offerWith({ quantity: 1 });
      expect((await start(first, couponId, limited)).statusCode).toBe(200);
      const presses = [];
      for (let i = 0; i < 12; i += 1) presses.push((await start(second, couponId, limited)).json());
      expect(presses.map((answer) => answer.error)).toEqual(Array(12).fill('sold_out'));
    } finally {
      await limited.close();
    }
  });

  it('gives a canceled payment’s unit back at once', async () => {
    const couponId = await offerWith({ quantity: 1 });
    const held = (await start(first, couponId)).json();
    expect((await start(second, couponId)).statusCode).toBe(409);
    await sandbox(held.paymentId, 'cancel');
    expect(await offerShown(couponId)).toMatchObject({ left: 1 });
    expect((await start(second, couponId)).statusCode).toBe(200);
  });

  it('refuses one buyer over the offer’s limit per person, counting payments under way', async () => {
    const couponId = await offerWith({ quantity: 10, perBuyer: 1 });
    const held = (await start(first, couponId)).json();
    const again = await start(first, couponId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'per_buyer_reached' });
    expect(again.json().message).toContain('не больше 1 купона');
    await sandbox(held.paymentId, 'pay');
    expect((await confirm(first, couponId, held.paymentId)).statusCode).toBe(200);
    expect((await start(first, couponId)).statusCode).toBe(409);
    expect((await start(second, couponId)).statusCode).toBe(200);
  });

  it('lets another take a lapsed hold; the late payer still gets a coupon while a unit is free', async () => {
    const couponId = await offerWith({ quantity: 2 });
    const late = (await start(first, couponId)).json();
    await lapse(late.paymentId);
    expect((await start(second, couponId)).statusCode).toBe(200);
    expect(await offerShown(couponId)).toMatchObject({ left: 1 });
    await sandbox(late.paymentId, 'pay');
    expect((await confirm(first, couponId, late.paymentId)).statusCode).toBe(200);
    expect(await offerShown(couponId)).toMatchObject({ left: 0 });
  });

  it('refunds a payment that came after its hold lapsed when no unit is left, and tells the buyer', async () => {
    const couponId = await offerWith({ quantity: 1 });
    const late = (await start(first, couponId)).json();
    await lapse(late.paymentId);
    const taken = (await start(second, couponId)).json();
    await sandbox(late.paymentId, 'pay');
    const res = await confirm(first, couponId, late.paymentId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('sold_out');
    expect(res.json().message).toContain('Деньги вам вернут');
    expect(await issuedOf(couponId)).toBe(0);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, late.paymentId));
    expect(payment?.status).toBe('CANCELED');
    const audit = await t.database.db
      .select({ kind: auditEvents.kind })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.subject, `payment:${late.paymentId}`),
          eq(auditEvents.kind, 'payment.refunded_sold_out'),
        ),
      );
    expect(audit).toHaveLength(1);
    await t.deliverNotifications();
    const told = t.botApi
      .sentMessages()
      .filter((m) => m.chatId === first.id && m.text.includes('закончились'));
    expect(told.at(-1)?.text).toContain('Мы вернули 100 руб');
    // The one who holds the unit still buys it.
    await sandbox(taken.paymentId, 'pay');
    expect((await confirm(second, couponId, taken.paymentId)).statusCode).toBe(200);
    expect(await issuedOf(couponId)).toBe(1);
  });

  it('returns a unit when a coupon is refunded', async () => {
    const couponId = await offerWith({ quantity: 1 });
    const held = (await start(first, couponId)).json();
    await sandbox(held.paymentId, 'pay');
    const { purchasedCouponId } = (await confirm(first, couponId, held.paymentId)).json();
    expect(await offerShown(couponId)).toMatchObject({ left: 0 });
    expect((await t.as(admin).post(`/api/admin/purchases/${purchasedCouponId}/refund`)).statusCode).toBe(200);
    expect(await offerShown(couponId)).toMatchObject({ left: 1 });
  });

  it('refuses lowering the quantity below what is sold and held, with the count', async () => {
    const couponId = await offerWith({ quantity: 5 });
    const held = (await start(first, couponId)).json();
    await sandbox(held.paymentId, 'pay');
    await confirm(first, couponId, held.paymentId);
    await start(second, couponId);
    const res = await t.as(admin).put(`/api/admin/coupons/${couponId}`, { quantity: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'quantity_below_sold',
      message: 'Количество не может быть меньше уже проданных и оплачиваемых купонов: их 2',
      field: 'quantity',
    });
    const lowered = await t.as(admin).put(`/api/admin/coupons/${couponId}`, { quantity: 2 });
    expect(lowered.json()).toMatchObject({ quantity: 2, sold: 1, held: 1 });
  });
});

describe('many starts at once in one process', () => {
  it('gives the units to the first who pressed, in the order they came', async () => {
    const crowd = await payingCrowd([t], 'queue', 40);
    const couponId = await offerWith({ quantity: 5 });
    const results = await Promise.all(crowd.map((person) => start(person, couponId)));
    expect(results.map((r) => r.statusCode)).toEqual([...Array(5).fill(200), ...Array(35).fill(409)]);
    expect(new Set(results.slice(5).map((r) => r.json().error))).toEqual(new Set(['sold_out']));
  });
});

describe('many starts at once on two server processes', () => {
  it('gives exactly 10 holds to 200 concurrent starts on 10 units', async () => {
    const other = await createTestApp({ sameDatabaseAs: t, rateLimits: false });
    try {
      const crowd = await payingCrowd([t, other], 'crowd', 20);
      const couponId = await offerWith({ quantity: 10 });
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          start(crowd[i % crowd.length] as TelegramUser, couponId, i % 2 ? other : t),
        ),
      );
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 409)).toHaveLength(190);
      expect(await paymentsOf(couponId)).toBe(10);
      for (const res of results.filter((r) => r.statusCode === 200))
        await sandbox(res.json().paymentId, 'pay');
      expect(await issuedOf(couponId)).toBe(10);
      expect(await offerShown(couponId)).toMatchObject({ left: 0 });

      // The same race at the database alone, without the turns a process gives its starts: both
      // processes' whole pools at once (ten connections each), every transaction holding its
      // connection while it waits for the lock: twenty contenders for ten units.
      const racedId = await offerWith({ quantity: 10 });
      const takes = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? other : t).database.db.transaction((tx) =>
            reserve(
              tx,
              {
                offerId: racedId,
                userId: (crowd[i % crowd.length] as TelegramUser).id,
                minutes: 15,
                waitlist: nobodyInLine,
              },
              async () => {
                const [row] = await tx
                  .insert(payments)
                  .values({
                    couponId: racedId,
                    userId: (crowd[i % crowd.length] as TelegramUser).id,
                    provider: 'sandbox',
                    amount: 100,
                  })
                  .returning({ id: payments.id });
                return row as { id: string };
              },
            ),
          ),
        ),
      );
      expect(takes.filter((take) => 'paymentId' in take)).toHaveLength(10);
      expect(await paymentsOf(racedId)).toBe(10);
    } finally {
      await other.close();
    }
  });
});
