import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKnownAuditDetail } from '#contract/audit-details';
import type { UploadedFile } from '../../../../test-support/fake-bot-api.ts';
import { addPartnerWithCoupons, buyCoupon, periodAroundToday } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { auditEvents, purchasedCoupons } from '../../db/schema.ts';
import { createReportService } from './reports.service.ts';

let t: TestApp;
const admin = telegramUser('rp_admin');
const buyer = telegramUser('rp_buyer', 'Покупатель');
const spokesman = telegramUser('rp_spokesman');
const otherSpokesman = telegramUser('rp_other');
let a: { partnerId: number; couponIds: number[] };
let b: { partnerId: number; couponIds: number[] };
const PERIOD = { from: '2026-06-01', to: '2026-06-30' };
const query = new URLSearchParams(PERIOD).toString();

/** A purchase bought and redeemed, its times put where the test wants them. */
async function redeemedAt(offerId: number, purchasedAt: string, redeemed?: string) {
  const id = await buyCoupon(t, buyer, offerId);
  await t.database.db
    .update(purchasedCoupons)
    .set({
      purchasedAt: new Date(purchasedAt),
      ...(redeemed
        ? { status: 'USED' as const, redeemedAt: new Date(redeemed), redeemedBy: spokesman.id }
        : {}),
    })
    .where(eq(purchasedCoupons.id, id));
  return id;
}

/** Reads an export as Excel would: BOM, `;`, quoted fields; gives the rows as arrays. */
function readCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return parse(text, { bom: true, delimiter: ';', relaxColumnCount: true });
}

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'rp_admin' }, rateLimits: false });
  for (const user of [buyer, spokesman, otherSpokesman]) t.botApi.members.set(user.id, 'member');
  a = await addPartnerWithCoupons(
    t,
    admin,
    { companyName: 'Сплав; "Шуя"', spokesmanNickname: 'rp_spokesman' },
    [
      { price: 135, discount: 450 },
      { price: 210, discount: 700 },
    ],
  );
  b = await addPartnerWithCoupons(t, admin, { companyName: 'Катунь', spokesmanNickname: 'rp_other' }, [
    { price: 60, discount: 200 },
  ]);
  await t.as(spokesman).get('/api/me');
  await t.as(otherSpokesman).get('/api/me');
  // June, Moscow time: 31 May 21:30 UTC is 1 June 00:30 in Moscow, the first minutes of the period.
  await redeemedAt(a.couponIds[0] as number, '2026-05-20T10:00:00Z', '2026-05-31T21:30:00Z');
  await redeemedAt(a.couponIds[1] as number, '2026-06-02T10:00:00Z', '2026-06-15T09:05:00Z');
  // 30 June 21:00 UTC is 1 July in Moscow: outside the period.
  await redeemedAt(a.couponIds[0] as number, '2026-06-10T10:00:00Z', '2026-06-30T21:00:00Z');
  await redeemedAt(b.couponIds[0] as number, '2026-06-03T10:00:00Z', '2026-06-04T10:00:00Z');
  await redeemedAt(a.couponIds[0] as number, '2026-06-20T10:00:00Z');
});
afterAll(() => t.close());

describe('the redemption report', () => {
  it('a partner sees their coupons used in the period (days in Moscow), with totals', async () => {
    const res = await t.as(spokesman).get(`/api/reports/redemptions?${query}`);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.rows.map((row: { discount: number }) => row.discount)).toEqual([700, 450]);
    expect(report.totals).toEqual({ count: 2, discountSum: 1150, priceSum: 345 });
    expect(report.rows[0]).toMatchObject({ buyer: '@rp_buyer', redeemedBy: '@rp_spokesman' });
  });

  it('an admin reads any partner’s; a partner not another’s', async () => {
    const other = await t.as(admin).get(`/api/reports/redemptions?${query}&partnerId=${b.partnerId}`);
    expect(other.json().totals).toEqual({ count: 1, discountSum: 200, priceSum: 60 });
    expect(
      (await t.as(spokesman).get(`/api/reports/redemptions?${query}&partnerId=${b.partnerId}`)).statusCode,
    ).toBe(403);
    const bad = await t.as(spokesman).get('/api/reports/redemptions?from=2026-06-30&to=2026-06-01');
    expect(bad.json()).toMatchObject({ field: 'from', message: 'Начало периода позже конца' });
  });

  it('exports CSV that a CSV parser reads back: Cyrillic, numbers, Moscow times and the totals', async () => {
    const res = await t.as(spokesman).get(`/api/reports/redemptions?${query}&format=csv`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = readCsv(res.body);
    expect(rows[0]).toEqual([
      'Дата погашения',
      'Партнер',
      'Купон',
      'Скидка, руб',
      'Цена, руб',
      'Покупатель',
      'Погасил',
      'Оценка',
      'Отзыв',
      'Чек зачета предоплаты',
    ]);
    expect(rows[1]?.slice(0, 2)).toEqual(['15.06.2026 12:05', 'Сплав; "Шуя"']);
    expect(rows[2]?.[0]).toBe('01.06.2026 00:30');
    // The totals end the first table; the weeks' table follows it (weekly.test.ts).
    expect(rows.find((row) => row[0]?.startsWith('Итого'))).toEqual([
      'Итого: 2',
      '',
      '',
      '1150',
      '345',
      '',
      '',
      '',
      '',
      '',
    ]);
  });
});

describe('settlement', () => {
  it('counts per partner what was sold, used, refunded and still open in the period', async () => {
    const res = await t.as(admin).get(`/api/admin/settlement?${query}`);
    const shuya = res.json().find((row: { partnerId: number }) => row.partnerId === a.partnerId);
    expect(shuya).toMatchObject({
      sold: { count: 3, sum: 480 },
      redeemed: { count: 2, sum: 345 },
      refunded: { count: 0, sum: 0 },
      // Open on 30 June in Moscow: the one used on 1 July and the one never used.
      open: { count: 2, sum: 270 },
    });
    expect((await t.as(spokesman).get(`/api/admin/settlement?${query}`)).statusCode).toBe(403);
    const csv = readCsv((await t.as(admin).get(`/api/admin/settlement?${query}&format=csv`)).body);
    expect(csv.find((row) => row[0] === 'Сплав; "Шуя"')?.slice(2)).toEqual([
      '3',
      '480',
      '2',
      '345',
      '0',
      '0',
      '2',
      '270',
    ]);
  });
});

describe('exports', () => {
  it('a signed link downloads the CSV without the init data, for ten minutes and unaltered only', async () => {
    const link = await t.as(spokesman).post('/api/exports/link', { report: 'redemptions', ...PERIOD });
    expect(link.statusCode).toBe(200);
    const { url, fileName } = link.json();
    expect(fileName).toBe('pogasheniya_01.06.2026-30.06.2026.csv');

    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    expect(readCsv(file.body).some((row) => row[0] === 'Итого: 2')).toBe(true);

    const forged = await t.app.inject({ method: 'GET', url: `${url.slice(0, -3)}abc` });
    expect(forged.statusCode).toBe(410);
    expect(forged.json().message).toBe('Ссылка на файл устарела: выгрузите отчет еще раз');
  });

  it('a partner cannot make a link to the settlement or another partner’s report', async () => {
    const settlement = await t.as(spokesman).post('/api/exports/link', { report: 'settlement', ...PERIOD });
    expect(settlement.statusCode).toBe(403);
    const other = await t.as(spokesman).post('/api/exports/link', {
      report: 'redemptions',
      ...PERIOD,
      partnerId: b.partnerId,
    });
    expect(other.statusCode).toBe(403);
    expect(
      (await t.as(buyer).post('/api/exports/link', { report: 'redemptions', ...PERIOD })).statusCode,
    ).toBe(403);
  });

  it('the bot sends the file as a document where Telegram cannot download one', async () => {
    const res = await t.as(admin).post('/api/exports/send', { report: 'audit', ...PERIOD });
    expect(res.statusCode).toBe(200);
    const [call] = t.botApi.callsOf('sendDocument');
    expect(Number(call?.params.chat_id)).toBe(admin.id);
    const file = Object.values(call?.params ?? {}).find(
      (value): value is UploadedFile => typeof value === 'object' && value !== null && 'content' in value,
    );
    expect(file?.fileName).toBe('zhurnal_01.06.2026-30.06.2026.csv');
    expect(readCsv(file?.content.toString('utf8') ?? '')[0]).toEqual([
      'Время по Москве',
      'Событие',
      'Кто',
      'Объект',
      'Подробности',
    ]);
  });
});

describe('the audit log', () => {
  it('names what each event is about: the partner, the offer, the purchase’s offer and buyer', async () => {
    // Gifted on, the coupon's owner is the friend; the log still names the buyer who paid.
    const friend = telegramUser('rp_friend');
    t.botApi.members.set(friend.id, 'member');
    await t.as(friend).get('/api/me');
    const giftedId = await buyCoupon(t, buyer, b.couponIds[0] as number);
    const gifted = await t
      .as(buyer)
      .post(`/api/coupons/buy/friend/${giftedId}/rp_buyer/${encodeURIComponent('@rp_friend')}`);
    expect(gifted.json()).toMatchObject({ status: 'sent' });
    const res = await t.as(admin).get(`/api/admin/audit?${periodAroundToday()}`);
    expect(res.statusCode).toBe(200);
    const events: Array<{
      kind: string;
      subject: string;
      subjectName: string | null;
      details: Record<string, unknown>;
    }> = res.json();
    const named = (subject: string) => events.find((event) => event.subject === subject)?.subjectName;
    expect(named(`partner:${a.partnerId}`)).toBe('Сплав; "Шуя"');
    expect(named(`offer:${b.couponIds[0]}`)).toBe('Катунь: скидка 200\u00a0руб за 60\u00a0руб');
    const issued = events.find(
      (event) => event.kind === 'coupon.issued' && event.subject.startsWith('purchase:'),
    );
    // The people in an event's details by name, not by Telegram id.
    // The people in an event's details by name, not by Telegram id; the offer as the subject names it.
    expect(issued?.details).toMatchObject({
      owner: '@rp_buyer',
      offer: expect.stringMatching(/: скидка \d+\u00a0руб за \d+\u00a0руб$/),
    });
    expect(issued?.details).not.toHaveProperty('ownerId');
    expect(issued?.details).not.toHaveProperty('offerId');
    expect(issued?.subjectName).toMatch(/: скидка \d+\u00a0руб за \d+\u00a0руб, покупатель @rp_buyer$/);
    expect(named(`purchase:${giftedId}`)).toBe(
      'Катунь: скидка 200\u00a0руб за 60\u00a0руб, покупатель @rp_buyer',
    );
    const started = events.find((event) => event.kind === 'payment.started');
    expect(started?.details).toMatchObject({
      offer: expect.stringMatching(/: скидка \d+\u00a0руб за \d+\u00a0руб$/),
    });
    expect(started?.details).not.toHaveProperty('offerId');
  });

  it('speaks Russian in the CSV: names for ids, roubles for amounts, no UUID or JSON', async () => {
    const refundable = await buyCoupon(t, buyer, b.couponIds[0] as number);
    expect((await t.as(admin).post(`/api/admin/purchases/${refundable}/refund`)).statusCode).toBe(200);
    const csv = readCsv((await t.as(admin).get(`/api/admin/audit?${periodAroundToday()}&format=csv`)).body);
    const [header, ...rows] = csv;
    expect(header?.[0]).toBe('Время по Москве');
    const cells = rows.flatMap((row) => row.slice(3));
    expect(cells.filter((cell) => /[0-9a-f]{8}-[0-9a-f]{4}-|[{}]/i.test(cell))).toEqual([]);
    expect(rows.find((row) => row[1] === 'Запрошен возврат')?.[4]).toMatch(/^сумма: \d+\u00a0руб;/);
    // Every key the server wrote into this file's events is one the log has words for.
    const written = await t.database.db.select({ details: auditEvents.details }).from(auditEvents);
    const keys = new Set(written.flatMap(({ details }) => Object.keys(details as object)));
    expect([...keys].filter((key) => !isKnownAuditDetail(key))).toEqual([]);
  });
});

describe('the admin’s purchase list', () => {
  it('filters by status, partner and dates, searches by buyer and pages newest first', async () => {
    const list = async (params: Record<string, string>) =>
      (await t.as(admin).get(`/api/admin/purchases?${new URLSearchParams(params)}`)).json();

    const used = await list({ status: 'used', partnerId: String(a.partnerId) });
    expect(used.items.map((item: { status: string }) => item.status)).toEqual(['USED', 'USED', 'USED']);
    const june = await list({ from: '2026-06-01', to: '2026-06-30', q: 'RP_BUY' });
    expect(june.items).toHaveLength(4);
    expect(june.items[0]).toMatchObject({
      buyer: { name: '@rp_buyer' },
      price: 135,
      provider: 'sandbox',
      verified: true,
      status: 'NOT_USED',
      history: [{ kind: 'coupon.issued', actor: null }],
    });
    expect((await list({ q: 'nobody_like_this' })).items).toEqual([]);
    // The one username rule: a pasted profile link is its name; a Russian letter is named.
    const pasted = await list({ from: '2026-06-01', to: '2026-06-30', q: ' https://t.me/RP_Buyer ' });
    expect(pasted.items).toHaveLength(4);
    const russian = await t.as(admin).get(`/api/admin/purchases?${new URLSearchParams({ q: 'rp_buyеr' })}`);
    expect(russian.statusCode).toBe(400);
    expect(russian.json().message).toBe('В имени русская буква «е»: юзернеймы Telegram пишутся латиницей');

    expect((await list({ status: 'used' })).nextCursor).toBeNull();
  });

  it('pages through every purchase once, newest first', async () => {
    for (let i = 0; i < 18; i += 1) await buyCoupon(t, buyer, b.couponIds[0] as number);
    const seen: { id: string; purchasedAt: string }[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: { items: { id: string; purchasedAt: string }[]; nextCursor: string | null } = (
        await t.as(admin).get(`/api/admin/purchases${cursor ? `?cursor=${cursor}` : ''}`)
      ).json();
      expect(page.items.length).toBeLessThanOrEqual(20);
      seen.push(...page.items);
      cursor = page.nextCursor;
    }
    // Every purchase of the file's tests, each once.
    const bought = await t.database.db.select({ id: purchasedCoupons.id }).from(purchasedCoupons);
    expect(seen).toHaveLength(bought.length);
    expect(new Set(seen.map((item) => item.id))).toEqual(new Set(bought.map(({ id }) => id)));
    const times = seen.map((item) => item.purchasedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await t.as(spokesman).get('/api/admin/purchases')).statusCode).toBe(403);
  });
});

describe('bounded work', () => {
  // 1 January 2025 to 4 February 2026 is 400 days, both included; a day more is too long.
  const longest = { from: '2025-01-01', to: '2026-02-04' };
  const tooLong = { from: '2025-01-01', to: '2026-02-05' };
  const TOO_LONG = 'Период слишком длинный: выберите не больше 400 дней';

  it('every report, export, the season and the audit log take a period of 400 days and refuse a longer one', async () => {
    const gets = [
      '/api/reports/redemptions',
      '/api/admin/settlement',
      '/api/reports/weekly',
      '/api/admin/season',
    ];
    const asks = [
      ...gets.map(
        (path) => (period: object) => t.as(admin).get(`${path}?${new URLSearchParams({ ...period })}`),
      ),
      (period: object) => t.as(admin).get(`/api/admin/audit?${new URLSearchParams({ ...period })}`),
      (period: object) =>
        t.as(admin).get(`/api/admin/settlement?${new URLSearchParams({ ...period, format: 'csv' })}`),
      (period: object) => t.as(admin).post('/api/exports/link', { report: 'audit', ...period }),
      (period: object) => t.as(admin).post('/api/exports/send', { report: 'settlement', ...period }),
    ];
    for (const ask of asks) {
      expect((await ask(longest)).statusCode).toBe(200);
      const refused = await ask(tooLong);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'to', message: TOO_LONG });
    }
    const ancient = await t.as(spokesman).get('/api/reports/weekly?from=0001-01-01&to=9999-12-31');
    expect(ancient.json()).toMatchObject({ message: TOO_LONG });
  });

  it('an offer’s weeks are those with something in them; the period’s weeks are all there', async () => {
    const weekly = (await t.as(spokesman).get(`/api/reports/weekly?${new URLSearchParams(longest)}`)).json();
    expect(weekly.weeks).toHaveLength(58);
    for (const offer of weekly.offers as { weeks: { sold: number; redeemed: number }[] }[]) {
      expect(offer.weeks.length).toBeGreaterThan(0);
      expect(
        offer.weeks.every((week) =>
          Object.values(week).some((value) => value !== 0 && typeof value === 'number'),
        ),
      ).toBe(true);
    }
  });

  it('an export reads the redemptions a page at a time: every row once, newest first', async () => {
    const reports = createReportService(t.database.db, 'Europe/Moscow');
    const whole = await reports.redemptions(PERIOD, [a.partnerId, b.partnerId]);
    const paged: string[] = [];
    for await (const page of reports.redemptionPages(PERIOD, [a.partnerId, b.partnerId], 1)) {
      expect(page).toHaveLength(1);
      paged.push(...page.map((row) => row.purchasedCouponId));
    }
    expect(whole.rows.length).toBeGreaterThan(1);
    expect(paged).toEqual(whole.rows.map((row) => row.purchasedCouponId));
  });
});

describe('the audit log’s export', () => {
  it('reads every event of the period a page at a time, as the screen lists them', async () => {
    const reports = createReportService(t.database.db, 'Europe/Moscow');
    const period = Object.fromEntries(new URLSearchParams(periodAroundToday())) as {
      from: string;
      to: string;
    };
    const screen = await reports.audit(period);
    const paged: number[] = [];
    for await (const page of reports.auditPages(period, undefined, 2))
      paged.push(...page.map((event) => event.id));
    expect(screen.length).toBeGreaterThan(2);
    expect(paged).toEqual(screen.map((event) => event.id));
  });
});
