import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { coupons } from '../../db/schema.ts';

let t: TestApp;
const admin = telegramUser('req_admin');
const owner = telegramUser('porog_owner');
const otherOwner = telegramUser('snaryaga_owner');
let porogId: number;
let snaryagaId: number;

const partner = (companyName: string, spokesmanNickname: string) => ({
  region: 'Карелия',
  companyName,
  partnerType: 'ШКОЛА',
  phoneNumber: '79110000000',
  address: 'Петрозаводск',
  email: 'p@example.ru',
  spokesmanNickname,
});

beforeAll(async () => {
  // One partner here sends more requests than RATE_LIMITS.couponRequest lets one send in an hour.
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'req_admin' }, rateLimits: false });
  porogId = (await t.as(admin).post('/api/partner/add', partner('Порог', 'porog_owner'))).json().id;
  snaryagaId = (await t.as(admin).post('/api/partner/add', partner('Снаряга', 'snaryaga_owner'))).json().id;
});
afterAll(() => t.close());

const pending = async () =>
  (await t.as(admin).get('/api/coupons/to/apply')).json() as Array<Record<string, unknown>>;
const couponRow = async (id: number) =>
  (await t.database.db.select().from(coupons).where(eq(coupons.id, id)))[0];

describe('requesting a coupon', () => {
  it('lets a partner request for their own company by name', async () => {
    const res = await t.as(owner).post('/api/coupon/apply', {
      partnerUsername: 'porog_owner',
      adminUsername: null,
      companyName: 'Порог',
      price: 150,
      discount: 700,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe('ok');
    expect(await pending()).toContainEqual(
      expect.objectContaining({ companyName: 'Порог', partnerId: porogId, price: 150, discount: 700 }),
    );
  });

  it('lets an admin request for any company, numbers given as text', async () => {
    const res = await t.as(admin).post('/api/coupon/apply', {
      partnerUsername: null,
      adminUsername: 'req_admin',
      partnerId: snaryagaId,
      price: '90',
      discount: '300',
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a partner requesting for another company', async () => {
    const before = (await pending()).length;
    const res = await t
      .as(owner)
      .post('/api/coupon/apply', { partnerId: snaryagaId, price: 30, discount: 100 });
    expect(res.statusCode).toBe(403);
    expect((await pending()).length).toBe(before);
  });

  it('refuses a request naming someone else as the requester', async () => {
    const res = await t.as(otherOwner).post('/api/coupon/apply', {
      partnerUsername: 'porog_owner',
      companyName: 'Снаряга',
      price: 30,
      discount: 100,
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a plain user', async () => {
    const res = await t.as(telegramUser('just_user')).post('/api/coupon/apply', {
      companyName: 'Порог',
      price: 30,
      discount: 100,
    });
    expect(res.statusCode).toBe(403);
  });

  it.each([
    [{ price: 0, discount: 0 }, 'price', 'Цена: целое число рублей больше нуля.'],
    [{ price: -5, discount: 100 }, 'price', 'Цена: целое число рублей больше нуля.'],
    [{ price: 100.5, discount: 1000 }, 'price', 'Цена: целое число рублей больше нуля.'],
    [{ price: 'сто', discount: 1000 }, 'price', 'Цена: целое число рублей больше нуля.'],
    // Typed amounts are refused as typed, not read as 9 990, 105 or 5.
    [{ price: '99,90', discount: 1000 }, 'price', 'Цена: целое число рублей больше нуля.'],
    [{ price: '10.5', discount: 1000 }, 'price', 'Цена: целое число рублей больше нуля.'],
    [{ price: '-5', discount: 1000 }, 'price', 'Цена: целое число рублей больше нуля.'],
    [{ price: 10, discount: 'abc' }, 'discount', 'Скидка: целое число рублей больше нуля.'],
    [{ price: 10, discount: 0 }, 'discount', 'Скидка: целое число рублей больше нуля.'],
    [{ price: 10, discount: 99.9 }, 'discount', 'Скидка: целое число рублей больше нуля.'],
    [{ price: 10, discount: 100_001 }, 'discount', 'Скидка не может быть больше 100 000 руб.'],
    [
      { price: 1000, discount: 1000 },
      'price',
      'Цена должна быть меньше скидки: купон стоит покупателю меньше, чем он экономит.',
    ],
    [
      { price: 1000, discount: 500 },
      'price',
      'Цена должна быть меньше скидки: купон стоит покупателю меньше, чем он экономит.',
    ],
  ])('answers 400 for %j naming %s and why, storing nothing', async (amounts, field, message) => {
    const before = (await pending()).length;
    const res = await t.as(owner).post('/api/coupon/apply', { companyName: 'Порог', ...amounts });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', field });
    // Thousands are kept apart by a no-break space.
    expect(res.json().message.replaceAll('\u00a0', ' ')).toBe(message);
    expect((await pending()).length).toBe(before);
  });

  it('takes a coupon that costs one rouble less than it saves, up to the cap', async () => {
    const res = await t
      .as(owner)
      .post('/api/coupon/apply', { companyName: 'Порог', price: 99_999, discount: 100_000 });
    expect(res.statusCode).toBe(200);
    expect(await pending()).toContainEqual(expect.objectContaining({ price: 99_999, discount: 100_000 }));
  });

  it('answers 404 for an unknown company', async () => {
    const res = await t
      .as(admin)
      .post('/api/coupon/apply', { companyName: 'Нет такой', price: 1, discount: 10 });
    expect(res.statusCode).toBe(404);
  });
});

describe('deciding a request', () => {
  async function newRequest() {
    await t.as(owner).post('/api/coupon/apply', { companyName: 'Порог', price: 75, discount: 250 });
    const list = await pending();
    return list[list.length - 1]?.couponId as number;
  }

  it('accepts with an https link, once', async () => {
    const couponId = await newRequest();
    const res = await t
      .as(admin)
      .post('/api/coupon/apply/accept', { couponId, paymentLink: 'https://pay.example/x' });
    expect(res.statusCode).toBe(200);
    expect(await couponRow(couponId)).toMatchObject({
      status: 'ACCEPTED',
      paymentLink: 'https://pay.example/x',
    });
    expect((await pending()).map((r) => r.couponId)).not.toContain(couponId);

    const again = await t.as(admin).post(`/api/coupon/apply/reject/${couponId}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('already_decided');
    expect((await couponRow(couponId))?.status).toBe('ACCEPTED');
  });

  it('rejects, once', async () => {
    const couponId = await newRequest();
    expect((await t.as(admin).post(`/api/coupon/apply/reject/${couponId}`)).statusCode).toBe(200);
    expect((await couponRow(couponId))?.status).toBe('REJECTED');
    const accept = await t
      .as(admin)
      .post('/api/coupon/apply/accept', { couponId, paymentLink: 'https://pay.example' });
    expect(accept.statusCode).toBe(409);
  });

  it('asks for no link where the provider takes the money, and refuses a link that is not https', async () => {
    const couponId = await newRequest();
    expect((await pending()).find((request) => request.couponId === couponId)).toMatchObject({
      paymentLinkNeeded: false,
    });
    const listed = (await t.as(admin).get('/api/admin/partners')).json() as Array<{
      offers: Array<{ id: number; paymentLinkNeeded: boolean }>;
    }>;
    expect(listed.flatMap((partner) => partner.offers).find((offer) => offer.id === couponId)).toMatchObject({
      paymentLinkNeeded: false,
    });
    for (const paymentLink of ['http://pay.example', 'javascript:alert(1)', 'pay.example']) {
      const res = await t.as(admin).post('/api/coupon/apply/accept', { couponId, paymentLink });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('paymentLink');
    }
    expect((await couponRow(couponId))?.status).toBe('PENDING');
  });

  it('refuses a partner deciding', async () => {
    const couponId = await newRequest();
    expect(
      (await t.as(owner).post('/api/coupon/apply/accept', { couponId, paymentLink: '' })).statusCode,
    ).toBe(403);
    expect((await t.as(owner).post(`/api/coupon/apply/reject/${couponId}`)).statusCode).toBe(403);
    expect((await t.as(owner).get('/api/coupons/to/apply')).statusCode).toBe(403);
    expect((await couponRow(couponId))?.status).toBe('PENDING');
  });

  it('answers 400 naming the field for an id beyond the database’s integers', async () => {
    const res = await t.as(admin).post('/api/coupon/apply/reject/99999999999');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('couponId');
  });

  it('answers 404 for an unknown request', async () => {
    expect((await t.as(admin).post('/api/coupon/apply/reject/999999')).statusCode).toBe(404);
  });
});

describe('messages', () => {
  it('tells the admins of a new request and the partner of the decision, once each', async () => {
    await t.deliverNotifications();
    const sent = () => t.botApi.sentMessages();
    const before = sent().length;
    await t.as(owner).post('/api/coupon/apply', { companyName: 'Порог', price: 210, discount: 700 });
    await t.deliverNotifications();
    const request = sent().slice(before);
    expect(request).toEqual([
      expect.objectContaining({
        chatId: admin.id,
        text: expect.stringContaining('Новая заявка на купон от @porog_owner'),
      }),
    ]);

    const list = await pending();
    const couponId = list[list.length - 1]?.couponId as number;
    await t.as(admin).post('/api/coupon/apply/accept', { couponId, paymentLink: 'https://pay.example/y' });
    await t.as(admin).post('/api/coupon/apply/accept', { couponId, paymentLink: 'https://pay.example/y' });
    await t.deliverNotifications();
    const decided = sent().slice(before + 1);
    expect(decided).toEqual([
      expect.objectContaining({ chatId: owner.id, text: expect.stringContaining('принята') }),
    ]);
  });
});

describe('with the link provider', () => {
  it('asks for an https payment link, refusing none or another scheme, and keeps the https one', async () => {
    const linkApp = await createTestApp({ env: { ADMIN_USERNAMES: 'req_admin', PAYMENT_PROVIDER: 'link' } });
    try {
      const boss = telegramUser('req_admin');
      const id = (await linkApp.as(boss).post('/api/partner/add', partner('Порог', 'porog_owner'))).json().id;
      await linkApp.as(boss).post('/api/coupon/apply', { partnerId: id, price: 5, discount: 10 });
      const [request] = (await linkApp.as(boss).get('/api/coupons/to/apply')).json();
      expect(request).toMatchObject({ paymentLinkNeeded: true });
      const accept = (paymentLink: string) =>
        linkApp.as(boss).post('/api/coupon/apply/accept', { couponId: request.couponId, paymentLink });
      const none = await accept('');
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({ field: 'paymentLink', message: 'Укажите ссылку на оплату' });
      const plain = await accept('http://pay.example/porog');
      expect(plain.statusCode).toBe(400);
      expect(plain.json()).toMatchObject({
        field: 'paymentLink',
        message: 'Ссылка на оплату должна начинаться с https://',
      });
      const stored = async () =>
        (await linkApp.database.db.select().from(coupons).where(eq(coupons.id, request.couponId)))[0];
      expect(await stored()).toMatchObject({ status: 'PENDING', paymentLink: null });

      expect((await accept('https://pay.example/porog')).statusCode).toBe(200);
      expect(await stored()).toMatchObject({ status: 'ACCEPTED', paymentLink: 'https://pay.example/porog' });
      // The back office's offer then shows its link and lets it be changed.
      const [listed] = (await linkApp.as(boss).get('/api/admin/partners')).json();
      expect(listed.offers).toEqual([
        expect.objectContaining({ paymentLink: 'https://pay.example/porog', paymentLinkNeeded: true }),
      ]);
    } finally {
      await linkApp.close();
    }
  });
});
