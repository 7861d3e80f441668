import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';

let t: TestApp;
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
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'cat_admin' } });
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
      },
      {
        id: expect.any(Number),
        price: 210,
        discount: 700,
        paymentLink: 'https://pay.example/c',
        validUntil: null,
        validDays: null,
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
