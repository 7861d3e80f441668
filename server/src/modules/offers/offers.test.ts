import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, buyCoupon } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { auditEvents, coupons, purchasedCoupons } from '../../db/schema.ts';

let t: TestApp;
const admin = telegramUser('of_admin');
const buyer = telegramUser('of_buyer');
const friend = telegramUser('of_friend');
const partner = telegramUser('of_partner');
let partnerId: number;
let offerId: number;

/** Today's date in Moscow (UTC+3 all year), `YYYY-MM-DD`, `days` later. */
function moscowDay(days = 0): string {
  const now = new Date(Date.now() + 3 * 3600_000);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);
}
/** Midnight in Moscow at the start of a day. */
const moscowMidnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 3 * 3600_000);

const coupon = async (id: string) =>
  (await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id)))[0];
const myQr = async () => (await t.as(buyer).get('/api/coupon/valid/qr/customer/of_buyer')).json();
const change = (body: unknown) => t.as(admin).put(`/api/admin/coupons/${offerId}`, body);
const offerRow = async () => (await t.database.db.select().from(coupons).where(eq(coupons.id, offerId)))[0];
const setLastDay = (day: string) =>
  t.database.db.update(coupons).set({ validUntil: day }).where(eq(coupons.id, offerId));

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'of_admin' }, rateLimits: false });
  for (const user of [buyer, friend, partner]) t.botApi.members.set(user.id, 'member');
  ({
    partnerId,
    couponIds: [offerId = 0],
  } = await addPartnerWithCoupons(t, admin, { companyName: 'Сроки', spokesmanNickname: 'of_partner' }, [
    { price: 70, discount: 350 },
  ]));
  await t.as(partner).get('/api/me');
  await t.as(friend).get('/api/me');
});
afterAll(() => t.close());

describe('withdrawing an offer', () => {
  it('takes it off sale and back; coupons sold before stay valid', async () => {
    const sold = await buyCoupon(t, buyer, offerId);
    expect((await t.as(admin).post(`/api/admin/coupons/${offerId}/withdraw`)).statusCode).toBe(200);

    expect((await t.as(buyer).get(`/api/coupons/partner/${partnerId}`)).json()).toEqual([]);
    expect((await t.as(buyer).post(`/api/payments/${offerId}`)).statusCode).toBe(404);
    const token = (await coupon(sold))?.qrToken;
    expect((await t.as(partner).post(`/api/coupon/apply/${token}/of_partner`)).statusCode).toBe(200);

    await t.as(admin).post(`/api/admin/coupons/${offerId}/reopen`);
    expect((await t.as(buyer).get(`/api/coupons/partner/${partnerId}`)).json()).toHaveLength(1);
    const kinds = await t.database.db
      .select({ kind: auditEvents.kind })
      .from(auditEvents)
      .where(eq(auditEvents.subject, `offer:${offerId}`));
    expect(kinds.map((row) => row.kind)).toEqual([
      'offer.requested',
      'offer.accepted',
      'offer.withdrawn',
      'offer.reopened',
    ]);
  });

  it('is for admins only and refuses an unknown offer with a Russian message', async () => {
    expect((await t.as(partner).post(`/api/admin/coupons/${offerId}/withdraw`)).statusCode).toBe(403);
    const res = await t.as(admin).post('/api/admin/coupons/999999/withdraw');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Такого купона нет');
  });
});

describe('validity', () => {
  it('changes the payment link and validity, validated', async () => {
    expect((await change({ validDays: 0 })).statusCode).toBe(400);
    expect((await change({ validUntil: '2027-02-30' })).json().message).toBe('Такой даты нет');
    const res = await change({
      paymentLink: 'https://pay.example/new',
      validUntil: moscowDay(30),
      validDays: 10,
    });
    expect(res.json()).toMatchObject({
      paymentLink: 'https://pay.example/new',
      validUntil: moscowDay(30),
      validDays: 10,
    });
    expect((await t.as(buyer).get(`/api/coupons/partner/${partnerId}`)).json()[0]).toMatchObject({
      validUntil: moscowDay(30),
      validDays: 10,
    });
  });

  it('a coupon expires at midnight in Moscow after the earlier of the last day and purchase + days, kept through a gift', async () => {
    await change({ validUntil: moscowDay(30), validDays: 10 });
    const byDays = await buyCoupon(t, buyer, offerId);
    expect((await coupon(byDays))?.expiresAt).toEqual(moscowMidnight(moscowDay(11)));

    await change({ validUntil: moscowDay(3), validDays: 10 });
    const byDate = await buyCoupon(t, buyer, offerId);
    expect((await coupon(byDate))?.expiresAt).toEqual(moscowMidnight(moscowDay(4)));
    expect((await myQr()).find((c: { id: string }) => c.id === byDate)).toMatchObject({
      status: 'NOT_USED',
      expiresAt: moscowDay(3),
    });

    expect((await t.as(buyer).post(`/api/coupons/buy/friend/${byDate}/of_buyer/of_friend`)).statusCode).toBe(
      200,
    );
    expect((await coupon(byDate))?.expiresAt).toEqual(moscowMidnight(moscowDay(4)));
  });

  it('on its last day it is redeemed; at the next midnight it is expired: shown so, refused, not gifted', async () => {
    await change({ validUntil: null, validDays: null });
    const lastMoment = await buyCoupon(t, buyer, offerId);
    const pastMidnight = await buyCoupon(t, buyer, offerId);
    // Its expiry is a second away (still its last day), or just past (the first moment after it).
    const setExpiry = (id: string, at: ReturnType<typeof sql>) =>
      t.database.db.update(purchasedCoupons).set({ expiresAt: at }).where(eq(purchasedCoupons.id, id));
    await setExpiry(lastMoment, sql`now() + interval '5 seconds'`);
    await setExpiry(pastMidnight, sql`now()`);

    const tokenOf = async (id: string) => (await coupon(id))?.qrToken;
    expect(
      (await t.as(partner).post(`/api/coupon/apply/${await tokenOf(lastMoment)}/of_partner`)).statusCode,
    ).toBe(200);

    const scan = await t.as(partner).get(`/api/coupon/scan/${await tokenOf(pastMidnight)}`);
    expect(scan.json().status).toBe('EXPIRED');
    const redeem = await t.as(partner).post(`/api/coupon/apply/${await tokenOf(pastMidnight)}/of_partner`);
    expect(redeem.statusCode).toBe(409);
    expect(redeem.json()).toBe('Срок действия истек');
    expect((await myQr()).find((c: { id: string }) => c.id === pastMidnight)?.status).toBe('EXPIRED');
    expect(
      (await t.as(buyer).post(`/api/coupons/buy/friend/${pastMidnight}/of_buyer/of_friend`)).statusCode,
    ).toBe(409);

    expect(await t.app.maintenance.sweeps.expiries()).toBeGreaterThanOrEqual(1);
    expect(await t.app.maintenance.sweeps.expiries()).toBe(0);
    const recorded = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subject, `purchase:${pastMidnight}`));
    expect(recorded.filter((event) => event.kind === 'coupon.expired')).toHaveLength(1);
  });

  it('an offer past its last day is not sold; on its last day it is', async () => {
    // Its day passed since it was set: an admin can no longer set a past one.
    await setLastDay(moscowDay(-1));
    expect((await t.as(buyer).get(`/api/coupons/partner/${partnerId}`)).json()).toEqual([]);
    expect((await t.as(buyer).post(`/api/payments/${offerId}`)).statusCode).toBe(404);
    await change({ validUntil: moscowDay(0) });
    expect((await t.as(buyer).get(`/api/coupons/partner/${partnerId}`)).json()).toHaveLength(1);
  });

  it.each([
    ['yesterday', moscowDay(-1)],
    ['six days ago', moscowDay(-6)],
    ['1990', '1990-01-01'],
  ])('refuses a last day already past (%s): 400 at the field, the offer unchanged', async (_, day) => {
    await change({ validUntil: moscowDay(30) });
    const res = await change({ validUntil: day, paymentLink: 'https://pay.example/past' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      field: 'validUntil',
      message: 'Последний день действия уже прошел: укажите сегодняшний день или позже',
    });
    // Nothing of the refused change is kept, its link neither.
    expect(await offerRow()).toMatchObject({
      validUntil: moscowDay(30),
      paymentLink: 'https://pay.example/new',
    });
  });

  it('changes an expired offer’s other terms and keeps its day; a new day must be today or later', async () => {
    await setLastDay(moscowDay(-3));
    const kept = await change({ paymentLink: 'https://pay.example/kept', validDays: 5 });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ validUntil: moscowDay(-3), paymentLink: 'https://pay.example/kept' });
    expect((await change({ validUntil: moscowDay(-3) })).statusCode).toBe(400);

    expect((await change({ validUntil: moscowDay(0), validDays: null })).statusCode).toBe(200);
    expect((await t.as(buyer).get(`/api/coupons/partner/${partnerId}`)).json()).toHaveLength(1);
  });
});
