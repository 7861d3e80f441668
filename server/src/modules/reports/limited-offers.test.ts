import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addLimitedOffer,
  addPartnerWithCoupons,
  buyCoupon,
  giveConsent,
  periodAroundToday,
} from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import type { TelegramUser } from '../../telegram/init-data.ts';

/**
 * A limited offer's units on the reports: what is sold, held, left and waiting in its line now, as a
 * buyer, a payer and the line made them, on the partner's report and the admin's settlement.
 */
let t: TestApp;
const admin = telegramUser('ls_admin');
const spokesman = telegramUser('ls_spokesman');
const people = Array.from({ length: 6 }, (_, i) => telegramUser(`ls_person_${i}`)) as [
  TelegramUser,
  TelegramUser,
  TelegramUser,
  TelegramUser,
  TelegramUser,
  TelegramUser,
];
const [buyer, firstPayer, secondPayer, waiting, alsoWaiting, unlimitedBuyer] = people;
const query = periodAroundToday();
let partnerId: number;
let otherPartnerId: number;
let drop: number;
let untouched: number;
let withdrawn: number;
let unlimited: number;
let elsewhere: number;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'ls_admin' }, rateLimits: false });
  for (const person of people) {
    t.botApi.members.set(person.id, 'member');
    await giveConsent(t, person);
  }
  ({ partnerId } = await addPartnerWithCoupons(t, admin, {
    companyName: 'Шуя',
    spokesmanNickname: 'ls_spokesman',
  }));
  await t.as(spokesman).get('/api/me');
  ({ partnerId: otherPartnerId } = await addPartnerWithCoupons(t, admin, { companyName: 'Катунь' }));

  // 4 coupons: 2 sold, 2 held for payments under way, so sold out; two people wait in its line.
  drop = await addLimitedOffer(t, admin, partnerId, { quantity: 4 });
  await buyCoupon(t, buyer, drop);
  await buyCoupon(t, buyer, drop);
  for (const payer of [firstPayer, secondPayer])
    expect((await t.as(payer).post(`/api/payments/${drop}`)).statusCode).toBe(200);
  for (const person of [waiting, alsoWaiting])
    expect((await t.as(person).post(`/api/offers/${drop}/waitlist`)).statusCode).toBe(200);
  // On sale, nothing happened to it in the period: listed for its units all the same.
  untouched = await addLimitedOffer(t, admin, partnerId, { quantity: 3 });
  // Withdrawn before anything happened to it: no longer a report's business.
  withdrawn = await addLimitedOffer(t, admin, partnerId, { quantity: 5 });
  await t.as(admin).post(`/api/admin/coupons/${withdrawn}/withdraw`);
  unlimited = await addLimitedOffer(t, admin, partnerId, {});
  await buyCoupon(t, unlimitedBuyer, unlimited);
  elsewhere = await addLimitedOffer(t, admin, otherPartnerId, { quantity: 2 });
});
afterAll(() => t.close());

type WeeklyOffer = { couponId: number; weeks: { sold: number }[]; stock: unknown };
const offersOf = (report: { offers: WeeklyOffer[] }) =>
  new Map(report.offers.map((offer) => [offer.couponId, offer]));

describe('a limited offer’s units on the weekly report', () => {
  it('the partner sees sold, held, left and in line of each limited offer on sale, one without activity too', async () => {
    const res = await t.as(spokesman).get(`/api/reports/weekly?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const offers = offersOf(res.json());
    expect(offers.get(drop)?.stock).toEqual({ quantity: 4, sold: 2, held: 2, left: 0, inLine: 2 });
    expect(offers.get(drop)?.weeks.reduce((sum, week) => sum + week.sold, 0)).toBe(2);
    expect(offers.get(untouched)).toMatchObject({
      weeks: [],
      stock: { quantity: 3, sold: 0, held: 0, left: 3, inLine: 0 },
    });
    expect(offers.get(unlimited)?.stock).toBeNull();
    expect(offers.has(withdrawn)).toBe(false);
    expect(offers.has(elsewhere)).toBe(false);
  });

  it('the admin sees the same figures on the settlement, every partner’s offers together', async () => {
    const res = await t.as(admin).get(`/api/reports/weekly?${query}`);
    const offers = offersOf(res.json());
    expect(offers.get(drop)?.stock).toEqual({ quantity: 4, sold: 2, held: 2, left: 0, inLine: 2 });
    expect(offers.get(elsewhere)?.stock).toEqual({ quantity: 2, sold: 0, held: 0, left: 2, inLine: 0 });
    const one = offersOf(
      (await t.as(admin).get(`/api/reports/weekly?${query}&partnerId=${partnerId}`)).json(),
    );
    expect([...one.keys()].sort()).toEqual([drop, untouched, unlimited].sort());
  });

  it('follows a payment canceled: its unit goes to the first in line, who holds it', async () => {
    const [payment] = (await t.as(firstPayer).get('/api/me/data')).json().payments;
    await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${payment.id}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const offers = offersOf((await t.as(spokesman).get(`/api/reports/weekly?${query}`)).json());
    expect(offers.get(drop)?.stock).toEqual({ quantity: 4, sold: 2, held: 2, left: 0, inLine: 1 });
  });

  it('the CSV export ends with the limited offers’ units as of the export', async () => {
    const text = (await t.as(spokesman).get(`/api/reports/redemptions?${query}&format=csv`)).body;
    const csv: string[][] = parse(text, {
      bom: true,
      delimiter: ';',
      relaxColumnCount: true,
      skipEmptyLines: true,
    });
    const header = csv.findIndex((row) => row[0] === 'Купон с ограничением (на момент выгрузки)');
    expect(csv[header]).toEqual([
      'Купон с ограничением (на момент выгрузки)',
      'Всего, шт',
      'Продано, шт',
      'Отложено, шт',
      'Осталось, шт',
      'В очереди, чел',
    ]);
    expect(csv.slice(header + 1)).toEqual([
      ['Шуя: скидка 900 руб за 100 руб', '4', '2', '2', '0', '1'],
      ['Шуя: скидка 900 руб за 100 руб', '3', '0', '0', '3', '0'],
    ]);
  });
});
