import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '#contract/date-time';
import { addPartnerWithCoupons, buyCoupon } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { appOpens, auditEvents, purchasedCoupons } from '../../db/schema.ts';

/**
 * The weeks of the reports and the admin's season against figures counted by hand. The period is
 * Wednesday 3 June to Wednesday 17 June 2026 in Moscow (UTC+3): three weeks, the first and the last
 * cut by the period, beginning on Mondays 1, 8 and 15 June.
 */
let t: TestApp;
const admin = telegramUser('wk_admin');
const buyer = telegramUser('wk_buyer', 'Покупатель');
const secondBuyer = telegramUser('wk_second', 'Второй');
const spokesman = telegramUser('wk_spokesman');
const otherSpokesman = telegramUser('wk_other');
let a: { partnerId: number; couponIds: number[] };
let b: { partnerId: number; couponIds: number[] };
const PERIOD = { from: '2026-06-03', to: '2026-06-17' };
const query = new URLSearchParams(PERIOD).toString();

/** A coupon bought by `who`, its times and status then put where the test wants them. */
async function bought(
  offerId: number,
  purchasedAt: string,
  then: Partial<typeof purchasedCoupons.$inferInsert> = {},
  who = buyer,
) {
  const id = await buyCoupon(t, who, offerId);
  await t.database.db
    .update(purchasedCoupons)
    .set({ purchasedAt: new Date(purchasedAt), ...then })
    .where(eq(purchasedCoupons.id, id));
  return id;
}

const used = (at: string) => ({
  status: 'USED' as const,
  redeemedAt: new Date(at),
  redeemedBy: spokesman.id,
});

const week = (monday: string, figures: Partial<Record<string, number>> = {}) => ({
  week: monday,
  sold: 0,
  redeemed: 0,
  refunded: 0,
  expired: 0,
  takenSum: 0,
  refundedSum: 0,
  discountSum: 0,
  ...figures,
});

function readCsv(text: string): string[][] {
  return parse(text, { bom: true, delimiter: ';', relaxColumnCount: true, skipEmptyLines: true });
}

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'wk_admin' }, rateLimits: false });
  for (const user of [buyer, secondBuyer, spokesman, otherSpokesman]) t.botApi.members.set(user.id, 'member');
  a = await addPartnerWithCoupons(t, admin, { companyName: 'Шуя', spokesmanNickname: 'wk_spokesman' }, [
    { price: 100, discount: 400 },
    { price: 250, discount: 1000 },
  ]);
  b = await addPartnerWithCoupons(t, admin, { companyName: 'Катунь', spokesmanNickname: 'wk_other' }, [
    { price: 60, discount: 200 },
  ]);
  await t.as(spokesman).get('/api/me');
  await t.as(otherSpokesman).get('/api/me');
  const [a1, a2] = a.couponIds as [number, number];
  const [b1] = b.couponIds as [number];
  // 1. Bought before the period (not sold in it), used on Wednesday 3 June: week 1.
  await bought(a1, '2026-06-02T10:00:00Z', used('2026-06-03T08:00:00Z'));
  // 2. Bought at 23:30 on Sunday 7 June in Moscow (week 1), used at 00:30 on Monday 8 June (week 2).
  await bought(a1, '2026-06-07T20:30:00Z', used('2026-06-07T21:30:00Z'));
  // 3. Bought in week 2, refunded in week 2.
  await bought(a2, '2026-06-09T10:00:00Z', {
    status: 'REFUNDED',
    refundedAt: new Date('2026-06-10T10:00:00Z'),
  });
  // 4. Bought in week 2, expired unused at midnight of 15 June in Moscow: week 3.
  await bought(a2, '2026-06-09T11:00:00Z', { expiresAt: new Date('2026-06-14T21:00:00Z') });
  // 5. Bought in week 3, voided in week 3 (its money never came).
  const voided = await bought(a1, '2026-06-15T09:00:00Z', { status: 'VOID' });
  await t.database.db.insert(auditEvents).values({
    kind: 'coupon.voided',
    subject: `purchase:${voided}`,
    at: new Date('2026-06-16T09:00:00Z'),
  });
  // 6. Bought in week 3, used at 23:59 on 17 June in Moscow: the period's last minute.
  await bought(a1, '2026-06-16T09:00:00Z', used('2026-06-17T20:59:00Z'));
  // 7. Bought at midnight of 18 June in Moscow: after the period.
  await bought(a1, '2026-06-17T21:00:00Z');
  // 8. The other partner's, bought by someone else in week 2.
  await bought(b1, '2026-06-10T10:00:00Z', {}, secondBuyer);
  // 9. Bought in week 1, valid long after.
  await bought(a2, '2026-06-04T10:00:00Z', { expiresAt: new Date('2099-01-01T00:00:00Z') });
  // Who opened the app on which day in June: two people in the period, two only outside it (the
  // requests above are today's).
  await t.database.db.insert(appOpens).values([
    { userId: buyer.id, day: '2026-06-05' },
    { userId: buyer.id, day: '2026-06-10' },
    { userId: secondBuyer.id, day: '2026-06-17' },
    { userId: spokesman.id, day: '2026-06-02' },
    { userId: otherSpokesman.id, day: '2026-06-18' },
  ]);
});
afterAll(() => t.close());

describe('the weeks of a partner’s report', () => {
  it('counts each week as counted by hand, all offers together and each offer', async () => {
    const res = await t.as(spokesman).get(`/api/reports/weekly?${query}`);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.weeks).toEqual([
      week('2026-06-01', { sold: 2, takenSum: 350, redeemed: 1, discountSum: 400 }),
      week('2026-06-08', {
        sold: 2,
        takenSum: 500,
        redeemed: 1,
        discountSum: 400,
        refunded: 1,
        refundedSum: 250,
      }),
      week('2026-06-15', {
        sold: 2,
        takenSum: 200,
        redeemed: 1,
        discountSum: 400,
        refunded: 1,
        refundedSum: 100,
        expired: 1,
      }),
    ]);
    const [a1, a2] = a.couponIds;
    expect(report.offers.map((offer: { couponId: number }) => offer.couponId)).toEqual([a2, a1]);
    expect(report.offers[0]).toMatchObject({ companyName: 'Шуя', discount: 1000, price: 250 });
    expect(report.offers[0].weeks).toEqual([
      week('2026-06-01', { sold: 1, takenSum: 250 }),
      week('2026-06-08', { sold: 2, takenSum: 500, refunded: 1, refundedSum: 250 }),
      week('2026-06-15', { expired: 1 }),
    ]);
    expect(report.offers[1].weeks).toEqual([
      week('2026-06-01', { sold: 1, takenSum: 100, redeemed: 1, discountSum: 400 }),
      week('2026-06-08', { redeemed: 1, discountSum: 400 }),
      week('2026-06-15', {
        sold: 2,
        takenSum: 200,
        redeemed: 1,
        discountSum: 400,
        refunded: 1,
        refundedSum: 100,
      }),
    ]);
  });

  it('agrees with the redemption report and settlement over the same period', async () => {
    const weeks = (await t.as(admin).get(`/api/reports/weekly?${query}&partnerId=${a.partnerId}`)).json()
      .weeks;
    const sum = (key: string) =>
      weeks.reduce((total: number, w: Record<string, number>) => total + (w[key] ?? 0), 0);
    const redemptions = (
      await t.as(admin).get(`/api/reports/redemptions?${query}&partnerId=${a.partnerId}`)
    ).json();
    expect(sum('redeemed')).toBe(redemptions.totals.count);
    expect(sum('discountSum')).toBe(redemptions.totals.discountSum);
    const settlement = (await t.as(admin).get(`/api/admin/settlement?${query}`)).json();
    const shuya = settlement.find((row: { partnerId: number }) => row.partnerId === a.partnerId);
    expect([sum('sold'), sum('takenSum'), sum('refunded'), sum('refundedSum')]).toEqual([
      shuya.sold.count,
      shuya.sold.sum,
      shuya.refunded.count,
      shuya.refunded.sum,
    ]);
  });

  it('an admin reads every partner’s weeks; a partner only their own', async () => {
    const all = (await t.as(admin).get(`/api/reports/weekly?${query}`)).json();
    expect(all.weeks[1]).toEqual(
      week('2026-06-08', {
        sold: 3,
        takenSum: 560,
        redeemed: 1,
        discountSum: 400,
        refunded: 1,
        refundedSum: 250,
      }),
    );
    const other = await t.as(otherSpokesman).get(`/api/reports/weekly?${query}`);
    expect(other.json().weeks.map((w: { sold: number }) => w.sold)).toEqual([0, 1, 0]);
    const forbidden = await t.as(otherSpokesman).get(`/api/reports/weekly?${query}&partnerId=${a.partnerId}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Это отчет другого партнера');
    expect((await t.as(buyer).get(`/api/reports/weekly?${query}`)).statusCode).toBe(403);
  });

  it('the CSV exports carry the same weeks, cut to the period, all offers and each', async () => {
    const csv = readCsv((await t.as(spokesman).get(`/api/reports/redemptions?${query}&format=csv`)).body);
    const header = csv.findIndex((row) => row[0] === 'Неделя');
    expect(csv[header]).toEqual([
      'Неделя',
      'Купон',
      'Продано, шт',
      'Погашено, шт',
      'Возвращено, шт',
      'Истекло, шт',
      'Выручка, руб',
      'Возвращено, руб',
      'Скидки, руб',
    ]);
    expect(csv.slice(header + 1, header + 4)).toEqual([
      ['03.06.2026–07.06.2026', 'Все купоны', '2', '1', '0', '0', '350', '0', '400'],
      ['08.06.2026–14.06.2026', 'Все купоны', '2', '1', '1', '0', '500', '250', '400'],
      ['15.06.2026–17.06.2026', 'Все купоны', '2', '1', '1', '1', '200', '100', '400'],
    ]);
    expect(csv[header + 4]?.slice(0, 3)).toEqual([
      '03.06.2026–07.06.2026',
      'Шуя: скидка 1000 руб за 250 руб',
      '1',
    ]);
    expect(csv.length).toBe(header + 1 + 3 * 3);

    const settlement = readCsv((await t.as(admin).get(`/api/admin/settlement?${query}&format=csv`)).body);
    const at = settlement.findIndex((row) => row[0] === 'Неделя');
    expect(settlement[at + 2]).toEqual([
      '08.06.2026–14.06.2026',
      'Все купоны',
      '3',
      '1',
      '1',
      '0',
      '560',
      '250',
      '400',
    ]);
    expect(settlement.some((row) => row[1] === 'Катунь: скидка 200 руб за 60 руб')).toBe(true);
  });
});

describe('the season', () => {
  it('gives an admin the totals, the weeks, partners ranked and the funnel', async () => {
    const res = await t.as(admin).get(`/api/admin/season?${query}`);
    expect(res.statusCode).toBe(200);
    const season = res.json();
    expect(season.totals).toEqual({
      sold: 7,
      redeemed: 3,
      refunded: 2,
      expired: 1,
      takenSum: 1110,
      refundedSum: 350,
      discountSum: 1200,
    });
    expect(season.weeks.map((w: { week: string }) => w.week)).toEqual([
      '2026-06-01',
      '2026-06-08',
      '2026-06-15',
    ]);
    expect(season.partners).toEqual([
      { partnerId: a.partnerId, companyName: 'Шуя', region: expect.any(String), redeemed: 3, rating: null },
      {
        partnerId: b.partnerId,
        companyName: 'Катунь',
        region: expect.any(String),
        redeemed: 0,
        rating: null,
      },
    ]);
    // Opened: the buyer (twice, counted once) and the second buyer; bought: both; used: the buyer's.
    expect(season.funnel).toEqual({ opened: 2, bought: 2, redeemed: 1 });
  });

  it('is the admin’s only: a partner and a buyer are refused', async () => {
    expect((await t.as(spokesman).get(`/api/admin/season?${query}`)).statusCode).toBe(403);
    expect((await t.as(buyer).get(`/api/admin/season?${query}`)).statusCode).toBe(403);
    const bad = await t.as(admin).get('/api/admin/season?from=2026-06-17&to=2026-06-03');
    expect(bad.statusCode).toBe(400);
  });

  it('counts a person who opens the app today once, on today in Moscow', async () => {
    const visitor = telegramUser('wk_visitor');
    await t.as(visitor).get('/api/me');
    await t.as(visitor).get('/api/me');
    const today = dayIn('Europe/Moscow', new Date());
    const rows = await t.database.db.select().from(appOpens).where(eq(appOpens.userId, visitor.id));
    expect(rows).toEqual([{ userId: visitor.id, day: today }]);
    const season = (await t.as(admin).get(`/api/admin/season?from=${today}&to=${today}`)).json();
    expect(season.funnel.opened).toBeGreaterThanOrEqual(2);
  });
});
