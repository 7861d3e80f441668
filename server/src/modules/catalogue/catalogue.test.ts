import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { coupons } from '../../db/schema.ts';

let t: TestApp;
let logged = '';
const admin = telegramUser('cat_admin');
const buyer = telegramUser('buyer');

let yashma: number;
const add = async (
  region: string,
  companyName: string,
  partnerType: string,
  offers: Parameters<typeof addPartnerWithCoupons>[3],
) => (await addPartnerWithCoupons(t, admin, { region, companyName, partnerType }, offers)).partnerId;

beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    logged += chunk.toString();
  });
  // Debug: request lines are written at debug outside production, and this is about which are.
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'cat_admin', LOG_LEVEL: 'debug' }, logStream });
  yashma = await add('Карелия', 'Яшма', 'ШКОЛА', [
    { price: 210, discount: 700, decision: 'accept' },
    { price: 120, discount: 400, decision: 'accept' },
    { price: 270, discount: 900, decision: 'pending' },
    { price: 240, discount: 800, decision: 'reject' },
  ]);
  await add('Карелия', 'ёлка', 'ШКОЛА', [{ price: 5, discount: 10, decision: 'accept' }]);
  await add('Карелия', 'Ель', 'ПРОКАТ', [{ price: 5, discount: 10, decision: 'accept' }]);
  await add('Алтай', 'Бирюза', 'КЛУБ', [{ price: 5, discount: 10, decision: 'accept' }]);
  await add('Адыгея', 'Без купонов', 'ТУРЫ', [{ price: 5, discount: 10, decision: 'pending' }]);
});
afterAll(() => t.close());

describe('the catalogue a buyer chooses from', () => {
  it('lists only regions with coupons on sale, in Russian order', async () => {
    expect((await t.as(buyer).get('/api/partners/region')).json()).toEqual(['Алтай', 'Карелия']);
  });

  it('lists the partner types present in a region, in the spec order', async () => {
    expect((await t.as(buyer).get(`/api/partners/types/${encodeURIComponent('Карелия')}`)).json()).toEqual([
      'ШКОЛА',
      'ПРОКАТ',
    ]);
    expect((await t.as(buyer).get(`/api/partners/types/${encodeURIComponent('Адыгея')}`)).json()).toEqual([]);
  });

  it('lists partners of a region and type with their conditions, sorted in Russian', async () => {
    const res = await t
      .as(buyer)
      .get(`/api/partners/filter/${encodeURIComponent('Карелия')}/${encodeURIComponent('ШКОЛА')}`);
    expect(res.json()).toEqual([
      {
        id: expect.any(Number),
        companyName: 'ёлка',
        discountConditions: ['Условие один', 'Условие два'],
        rating: null,
      },
      { id: yashma, companyName: 'Яшма', discountConditions: ['Условие один', 'Условие два'], rating: null },
    ]);
  });

  it('lists every partner of a region', async () => {
    const res = await t.as(buyer).get(`/api/partners/filter/${encodeURIComponent('Карелия')}`);
    expect(res.json().map((p: { companyName: string }) => p.companyName)).toEqual(['ёлка', 'Ель', 'Яшма']);
  });

  it('offers only accepted coupons of a partner', async () => {
    const res = await t.as(buyer).get(`/api/coupons/partner/${yashma}`);
    expect(res.json()).toEqual([
      {
        id: expect.any(Number),
        price: 120,
        discount: 400,
        paymentLink: 'https://pay.example/c',
        validUntil: null,
        validDays: null,
        quantity: null,
        left: null,
        perBuyer: null,
        saleStartsAt: null,
      },
      {
        id: expect.any(Number),
        price: 210,
        discount: 700,
        paymentLink: 'https://pay.example/c',
        validUntil: null,
        validDays: null,
        quantity: null,
        left: null,
        perBuyer: null,
        saleStartsAt: null,
      },
    ]);
  });

  it('answers 400 for an unknown partner type and needs init data', async () => {
    const res = await t.as(buyer).get(`/api/partners/filter/${encodeURIComponent('Карелия')}/BAR`);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('type');
    expect((await t.app.inject({ method: 'GET', url: '/api/partners/region' })).statusCode).toBe(401);
  });

  // Last: it adds a partner the tests above do not expect.
  it('keeps one region however an admin types its case', async () => {
    await add('КАРЕЛИЯ', 'Щука', 'КЛУБ', [{ price: 5, discount: 10, decision: 'accept' }]);

    expect((await t.as(buyer).get('/api/partners/region')).json()).toEqual(['Алтай', 'Карелия']);
    const res = await t.as(buyer).get(`/api/partners/filter/${encodeURIComponent('карелия')}`);
    expect(res.json().map((p: { companyName: string }) => p.companyName)).toEqual([
      'ёлка',
      'Ель',
      'Щука',
      'Яшма',
    ]);
  });
});

describe('the catalogue read again, as a whole chat opens it at once', () => {
  const regions = '/api/partners/region';
  const offersOf = (partnerId: number) => `/api/coupons/partner/${partnerId}`;
  const askWith = (url: string, etag: string) =>
    t.as(buyer).request({ method: 'GET', url, headers: { 'if-none-match': etag } });

  it('confirms a copy still current with 304 and nothing else, and logs no successful read', async () => {
    const first = await t.as(buyer).get(offersOf(yashma));
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    logged = '';
    const again = await askWith(offersOf(yashma), etag);
    const read = await t.as(buyer).get(regions);
    expect([again.statusCode, again.body]).toEqual([304, '']);
    expect(read.statusCode).toBe(200);
    expect(logged).toBe('');

    const refused = await t.as(buyer).get(`/api/partners/filter/${encodeURIComponent('Карелия')}/BAR`);
    expect(refused.statusCode).toBe(400);
    expect(logged).toContain('"statusCode":400');
  });

  it('answers a copy from before a change with the new list, in every server process', async () => {
    const other = await createTestApp({ sameDatabaseAs: t, env: { ADMIN_USERNAMES: 'cat_admin' } });
    try {
      const before = await t.as(buyer).get(regions);
      const elsewhere = await other.as(buyer).get(regions);
      // Both processes tag the same catalogue alike: a copy from one is confirmed by the other.
      expect(elsewhere.headers.etag).toBe(before.headers.etag);
      expect((await askWith(regions, before.headers.etag as string)).statusCode).toBe(304);

      const tuna = await add('Мурманск', 'Тунец', 'ТУРЫ', [{ price: 5, discount: 10, decision: 'accept' }]);
      const afterAdding = await askWith(regions, before.headers.etag as string);
      expect(afterAdding.statusCode).toBe(200);
      expect(afterAdding.json()).toEqual(['Алтай', 'Карелия', 'Мурманск']);
      const seenElsewhere = await other.as(buyer).request({
        method: 'GET',
        url: regions,
        headers: { 'if-none-match': before.headers.etag as string },
      });
      expect(seenElsewhere.json()).toEqual(['Алтай', 'Карелия', 'Мурманск']);

      // Another process pauses the partner: this one stops offering it.
      const offers = await t.as(buyer).get(offersOf(tuna));
      expect(offers.json()).toHaveLength(1);
      expect((await other.as(admin).post(`/api/admin/partners/${tuna}/pause`)).statusCode).toBe(200);
      const paused = await askWith(offersOf(tuna), offers.headers.etag as string);
      expect([paused.statusCode, paused.json()]).toEqual([200, []]);
      expect((await t.as(buyer).get(regions)).json()).toEqual(['Алтай', 'Карелия']);
    } finally {
      await other.close();
    }
  });

  it('sees a change written straight into the database, as a migration or a script makes it', async () => {
    const listed = await t.as(buyer).get(offersOf(yashma));
    const [cheapest] = listed.json() as Array<{ id: number; price: number }>;
    await t.database.db
      .update(coupons)
      .set({ price: 99 })
      .where(eq(coupons.id, cheapest?.id ?? 0));

    const again = await askWith(offersOf(yashma), listed.headers.etag as string);
    expect(again.statusCode).toBe(200);
    expect(again.json()[0]).toMatchObject({ id: cheapest?.id, price: 99 });
  });
});
