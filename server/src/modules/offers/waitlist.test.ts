import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addLimitedOffer,
  addPartnerWithCoupons,
  buyCoupon,
  giveConsent,
  payingCrowd,
  sandboxPayment,
} from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { offerHolds, offerWaitlist, payments } from '../../db/schema.ts';
import type { TelegramUser } from '../../telegram/init-data.ts';

const PUBLIC_URL = 'https://coupons.example.ru';
let t: TestApp;
let partnerId: number;
const admin = telegramUser('line_admin');
const people = Array.from({ length: 6 }, (_, i) => telegramUser(`line_person_${i}`));
// The first of them starts the payments that sell an offer out (soldOutOffer); the rest wait.
const [, anna, boris, vera, gleb] = people as TelegramUser[] as [
  TelegramUser,
  TelegramUser,
  TelegramUser,
  TelegramUser,
  TelegramUser,
];

beforeAll(async () => {
  t = await createTestApp({
    env: { ADMIN_USERNAMES: 'line_admin', PUBLIC_URL, WAITLIST_HOLD_MINUTES: '90' },
    rateLimits: false,
  });
  for (const person of people) {
    t.botApi.members.set(person.id, 'member');
    await giveConsent(t, person);
  }
  ({ partnerId } = await addPartnerWithCoupons(t, admin, {
    companyName: 'Очередь',
    region: 'Карелия',
    partnerType: 'ШКОЛА',
  }));
});
afterAll(() => t.close());

const line = (couponId: number) => `/api/offers/${couponId}/waitlist`;
const join = (person: TelegramUser, couponId: number, app = t) => app.as(person).post(line(couponId));
const placeOf = async (person: TelegramUser, couponId: number) =>
  (await t.as(person).get(line(couponId))).json();
const start = (person: TelegramUser, couponId: number) => t.as(person).post(`/api/payments/${couponId}`);
/** An offer of `quantity` coupons sold out: each unit held for a payment of one of the first people. */
async function soldOutOffer(quantity = 1) {
  const couponId = await addLimitedOffer(t, admin, partnerId, { quantity });
  const paymentIds: string[] = [];
  for (let i = 0; i < quantity; i += 1) {
    const res = await start(people[i] as TelegramUser, couponId);
    expect(res.statusCode, res.body).toBe(200);
    paymentIds.push(res.json().paymentId);
  }
  return { couponId, paymentIds };
}
const placesOf = async (couponId: number) =>
  (
    await t.database.db.select({ n: count() }).from(offerWaitlist).where(eq(offerWaitlist.couponId, couponId))
  )[0]?.n;
/** The bot's messages about a unit held, to this person, with the button under each. */
async function toldOfUnit(person: TelegramUser) {
  await t.deliverNotifications();
  return t.botApi
    .sentMessages()
    .filter((m) => m.chatId === person.id && m.text.startsWith('Освободился купон'));
}
/** As if WAITLIST_HOLD_MINUTES had passed for the unit held for this person. */
const lapseLineHold = (person: TelegramUser, couponId: number) =>
  t.database.db
    .update(offerWaitlist)
    .set({ heldUntil: sql`now() - interval '1 second'` })
    .where(sql`${offerWaitlist.userId} = ${person.id} AND ${offerWaitlist.couponId} = ${couponId}`);
/** As if OFFER_HOLD_MINUTES had passed for this payment's hold. */
const lapsePaymentHold = (paymentId: string) =>
  t.database.db
    .update(offerHolds)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(offerHolds.paymentId, paymentId));
const sweep = () => t.app.maintenance.sweeps.stalePayments();

describe('joining and leaving the line', () => {
  it('refuses while units are free, for an unlimited offer and before the sale, storing nothing', async () => {
    const free = await addLimitedOffer(t, admin, partnerId, { quantity: 2 });
    const res = await join(anna, free);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'not_sold_out',
      message: 'Купоны еще есть: купите купон сейчас, очередь не нужна.',
    });
    const unlimited = await addLimitedOffer(t, admin, partnerId, {});
    expect((await join(anna, unlimited)).json()).toMatchObject({ error: 'offer_unlimited' });
    const later = await addLimitedOffer(t, admin, partnerId, {
      quantity: 1,
      saleStartsAt: '2030-11-29T07:00:00Z',
    });
    expect((await join(anna, later)).json()).toEqual({
      error: 'sale_not_started',
      message: 'Продажа еще не началась: очередь откроется, когда купоны разберут.',
    });
    expect((await join(anna, 999_999)).statusCode).toBe(404);
    for (const couponId of [free, unlimited, later]) expect(await placesOf(couponId)).toBe(0);
  });

  it('refuses someone not in the chat', async () => {
    const { couponId } = await soldOutOffer();
    const stranger = telegramUser('line_stranger');
    t.botApi.members.set(stranger.id, 'left');
    const res = await join(stranger, couponId);
    expect(res.statusCode).toBe(403);
    expect(await placesOf(couponId)).toBe(0);
  });

  it('gives places in the order people joined, once each, and closes up when one leaves', async () => {
    const { couponId } = await soldOutOffer();
    expect((await join(anna, couponId)).json()).toEqual({ position: 1, heldUntil: null });
    expect((await join(boris, couponId)).json()).toEqual({ position: 2, heldUntil: null });
    expect((await join(vera, couponId)).json()).toEqual({ position: 3, heldUntil: null });
    expect((await join(boris, couponId)).json()).toEqual({ position: 2, heldUntil: null });
    expect(await placesOf(couponId)).toBe(3);

    expect((await t.as(boris).delete(line(couponId))).statusCode).toBe(204);
    expect(await placeOf(boris, couponId)).toEqual({ position: null, heldUntil: null });
    expect(await placeOf(vera, couponId)).toEqual({ position: 2, heldUntil: null });
    // Leaving again changes nothing.
    expect((await t.as(boris).delete(line(couponId))).statusCode).toBe(204);
  });
});

describe('a unit freed goes to the first in line', () => {
  it('holds a canceled payment’s unit for the first in line, tells them with a button, and lets only them buy it', async () => {
    const { couponId, paymentIds } = await soldOutOffer();
    await join(anna, couponId);
    await join(boris, couponId);
    await sandboxPayment(t, paymentIds[0] as string, 'cancel');

    const held = await placeOf(anna, couponId);
    expect(held.position).toBeNull();
    const minutesHeld = (Date.parse(held.heldUntil) - Date.now()) / 60_000;
    expect(minutesHeld).toBeGreaterThan(85);
    expect(minutesHeld).toBeLessThanOrEqual(90);
    expect(await placeOf(boris, couponId)).toEqual({ position: 1, heldUntil: null });

    const [told] = await toldOfUnit(anna);
    expect(told?.text).toContain('Освободился купон «Очередь» на скидку 900 руб');
    expect(told?.text).toContain('по Москве: оплатите его до этого времени');
    expect(told?.replyMarkup?.inline_keyboard?.[0]?.[0]).toEqual({
      text: 'Купить купон',
      web_app: {
        url: `${PUBLIC_URL}/buy-coupons?region=${encodeURIComponent('Карелия')}&type=${encodeURIComponent('ШКОЛА')}&partners=1&partner=${partnerId}&offers=1&offer=${couponId}`,
      },
    });
    expect(await toldOfUnit(boris)).toEqual([]);

    // The offer shows as gone to everyone else, and a start by anyone else is refused.
    const shown = (await t.as(vera).get(`/api/coupons/partner/${partnerId}`)).json();
    expect(shown.find((o: { id: number }) => o.id === couponId)).toMatchObject({ left: 0 });
    expect((await start(vera, couponId)).json()).toMatchObject({ error: 'sold_out' });

    // The first in line pays with the unit held for them: their place is spent, the unit stays theirs.
    const paying = await start(anna, couponId);
    expect(paying.statusCode, paying.body).toBe(200);
    expect(await placeOf(anna, couponId)).toEqual({ position: null, heldUntil: null });
    const [hold] = await t.database.db
      .select({ expiresAt: offerHolds.expiresAt })
      .from(offerHolds)
      .where(eq(offerHolds.paymentId, paying.json().paymentId));
    expect(hold?.expiresAt.getTime()).toBeGreaterThanOrEqual(Date.parse(held.heldUntil));
    await sandboxPayment(t, paying.json().paymentId, 'pay');
    const bought = await t
      .as(anna)
      .post(`/api/coupons/buy/${couponId}/${anna.username}`, { paymentId: paying.json().paymentId });
    expect(bought.statusCode).toBe(200);
  });

  it('passes a unit not taken in its time to the next in line', async () => {
    const { couponId, paymentIds } = await soldOutOffer();
    await join(anna, couponId);
    await join(boris, couponId);
    await sandboxPayment(t, paymentIds[0] as string, 'cancel');
    const toldBefore = (await toldOfUnit(boris)).length;
    await lapseLineHold(anna, couponId);
    await sweep();

    expect(await placeOf(anna, couponId)).toEqual({ position: null, heldUntil: null });
    expect((await placeOf(boris, couponId)).heldUntil).not.toBeNull();
    expect((await toldOfUnit(boris)).length).toBe(toldBefore + 1);
    expect((await start(anna, couponId)).json()).toMatchObject({ error: 'sold_out' });
  });

  it('gives a lapsed payment hold’s unit (at the sweep) and a refunded coupon’s (at once) to the line, in order', async () => {
    const { couponId, paymentIds } = await soldOutOffer(2);
    const [abandoned, paid] = paymentIds as [string, string];
    await sandboxPayment(t, paid, 'pay');
    const issued = await t
      .as(anna)
      .post(`/api/coupons/buy/${couponId}/${anna.username}`, { paymentId: paid });
    expect(issued.statusCode, issued.body).toBe(200);
    await join(boris, couponId);
    await join(vera, couponId);
    await join(gleb, couponId);

    await lapsePaymentHold(abandoned);
    await sweep();
    expect((await placeOf(boris, couponId)).heldUntil).not.toBeNull();
    expect(await placeOf(vera, couponId)).toEqual({ position: 1, heldUntil: null });

    const refund = await t.as(admin).post(`/api/admin/purchases/${issued.json().purchasedCouponId}/refund`);
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await placeOf(vera, couponId)).heldUntil).not.toBeNull();
    expect(await placeOf(gleb, couponId)).toEqual({ position: 1, heldUntil: null });
  });

  it.each([
    [
      'an admin’s refund',
      (_holder: TelegramUser, id: string) => t.as(admin).post(`/api/admin/purchases/${id}/refund`),
    ],
    [
      'the buyer’s own refund',
      (holder: TelegramUser, id: string) => t.as(holder).post(`/api/me/coupons/${id}/refund`),
    ],
  ])(
    '%s of a sold-out offer: the first in line holds the unit at once, is told, and buys it',
    async (_, refund) => {
      const couponId = await addLimitedOffer(t, admin, partnerId, { quantity: 1 });
      const holder = people[0] as TelegramUser;
      const id = await buyCoupon(t, holder, couponId);
      await join(anna, couponId);
      await join(boris, couponId);
      const toldBefore = (await toldOfUnit(anna)).length;

      const refunded = await refund(holder, id);

      expect(refunded.json()).toEqual({ status: 'REFUNDED' });
      expect((await placeOf(anna, couponId)).heldUntil).not.toBeNull();
      expect(await placeOf(boris, couponId)).toEqual({ position: 1, heldUntil: null });
      expect(await toldOfUnit(anna)).toHaveLength(toldBefore + 1);
      expect((await start(boris, couponId)).json()).toMatchObject({ error: 'sold_out' });
      const paying = await start(anna, couponId);
      expect(paying.statusCode, paying.body).toBe(200);
    },
  );

  it('lets the first in line’s press through to a unit freed and not yet handed over, and gives it to them', async () => {
    const { couponId, paymentIds } = await soldOutOffer();
    await join(anna, couponId);
    // A cancel's commit leaves the unit so until its hand-over, which runs after it.
    await t.database.db.delete(offerHolds).where(eq(offerHolds.paymentId, paymentIds[0] as string));

    const paying = await start(anna, couponId);

    expect(paying.statusCode, paying.body).toBe(200);
    expect(await placesOf(couponId)).toBe(0);
  });

  it('hands a lapsed hold’s unit to the line at the next start, before any sweep, and refuses that start', async () => {
    const { couponId, paymentIds } = await soldOutOffer();
    await join(boris, couponId);
    const toldBefore = (await toldOfUnit(boris)).length;
    await lapsePaymentHold(paymentIds[0] as string);

    const outsider = await start(gleb, couponId);
    expect(outsider.statusCode, outsider.body).toBe(409);
    expect(outsider.json().error).toBe('sold_out');
    expect((await placeOf(boris, couponId)).heldUntil).not.toBeNull();
    expect(await toldOfUnit(boris)).toHaveLength(toldBefore + 1);
  });

  it('gives the first in line the lapsed hold’s unit in the very start they press, before any sweep', async () => {
    const { couponId, paymentIds } = await soldOutOffer();
    await join(boris, couponId);
    await lapsePaymentHold(paymentIds[0] as string);

    const started = await start(boris, couponId);
    expect(started.statusCode, started.body).toBe(200);
    expect(await placesOf(couponId)).toBe(0);
  });

  it('hands a raised quantity’s units to the line at once', async () => {
    const { couponId } = await soldOutOffer();
    await join(anna, couponId);
    await join(boris, couponId);
    const raised = await t.as(admin).put(`/api/admin/coupons/${couponId}`, { quantity: 2 });
    expect(raised.json()).toMatchObject({ sold: 0, held: 2, inLine: 1 });
    expect((await placeOf(anna, couponId)).heldUntil).not.toBeNull();
    expect(await placeOf(boris, couponId)).toEqual({ position: 1, heldUntil: null });
  });

  it('removes an erased person’s place, and the unit it held goes on to the next at once', async () => {
    const { couponId, paymentIds } = await soldOutOffer();
    const leaving = telegramUser('line_leaving');
    t.botApi.members.set(leaving.id, 'member');
    await join(leaving, couponId);
    await join(boris, couponId);
    await sandboxPayment(t, paymentIds[0] as string, 'cancel');
    expect((await placeOf(leaving, couponId)).heldUntil).not.toBeNull();
    const erased = await t.as(leaving).request({ method: 'DELETE', url: '/api/me' });
    expect(erased.statusCode, erased.body).toBe(204);
    const left = await t.database.db.select().from(offerWaitlist).where(eq(offerWaitlist.userId, leaving.id));
    expect(left).toEqual([]);
    // Before any sweep: the erasure hands it over itself.
    expect((await placeOf(boris, couponId)).heldUntil).not.toBeNull();
  });
});

describe('a line joined on two server processes at once', () => {
  it('numbers 20 places without a gap or a repeat, and hands freed units to the first of them', async () => {
    const other = await createTestApp({ sameDatabaseAs: t, rateLimits: false });
    try {
      const crowd = await payingCrowd([t, other], 'line_crowd', 20);
      const { couponId, paymentIds } = await soldOutOffer(3);
      const joined = await Promise.all(crowd.map((person, i) => join(person, couponId, i % 2 ? other : t)));
      const positions = joined.map((res) => res.json().position as number);
      expect([...positions].sort((a, b) => a - b)).toEqual(crowd.map((_, i) => i + 1));

      for (const paymentId of paymentIds) await sandboxPayment(t, paymentId, 'cancel');
      const firstThree = crowd.filter((_, i) => (positions[i] as number) <= 3);
      for (const person of crowd) {
        const place = await placeOf(person, couponId);
        expect(place.heldUntil !== null, person.username ?? '').toBe(firstThree.includes(person));
      }
      expect(
        (await t.database.db.select({ n: count() }).from(payments).where(eq(payments.couponId, couponId)))[0]
          ?.n,
      ).toBe(3);
    } finally {
      await other.close();
    }
  });
});
