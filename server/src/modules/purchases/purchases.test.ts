import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, giveConsent } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { payments, purchasedCoupons } from '../../db/schema.ts';

let t: TestApp;
const admin = telegramUser('shop_admin');
const buyer = telegramUser('buyer_one');
const friend = telegramUser('buyer_two');
const outsider = telegramUser('not_in_chat');
let couponId: number;
let pendingCouponId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'shop_admin' } });
  for (const member of [buyer, friend, admin]) t.botApi.members.set(member.id, 'member');
  t.botApi.members.set(outsider.id, 'left');
  for (const user of [buyer, friend, admin, outsider]) await giveConsent(t, user);
  const { couponIds } = await addPartnerWithCoupons(t, admin, { companyName: 'Порог', region: 'Карелия' }, [
    { price: 150, discount: 750 },
    { price: 5, discount: 10, decision: 'pending' },
  ]);
  [couponId, pendingCouponId] = couponIds as [number, number];
});
afterAll(() => t.close());

const issuedCount = async () =>
  (await t.database.db.select({ n: count() }).from(purchasedCoupons))[0]?.n ?? 0;

async function startPayment(user = buyer, id = couponId) {
  const res = await t.as(user).post(`/api/payments/${id}`);
  return { res, body: res.json() as { paymentId: string; paymentUrl: string } };
}

const sandbox = (url: string, method: 'GET' | 'POST' = 'GET') =>
  t.app.inject({
    method,
    url,
    headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
  });

describe('paying in the sandbox', () => {
  it('starts a payment on the local checkout page showing the coupon and amount', async () => {
    const { res, body } = await startPayment();
    expect(res.statusCode).toBe(200);
    expect(body.paymentUrl).toBe(`/api/payments/sandbox/${body.paymentId}`);
    const page = await sandbox(body.paymentUrl);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Порог');
    expect(page.body).toContain('150 ₽');
    expect(page.body).toContain('Оплатить');
    expect(page.body).toContain('Отменить');
  });

  it('issues nothing when «Да» comes before paying (402)', async () => {
    const before = await issuedCount();
    await startPayment();
    const res = await t.as(buyer).post(`/api/coupons/buy/${couponId}/buyer_one`);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      error: 'not_paid',
      message: expect.stringContaining('Попробуйте снова'),
    });
    expect(await issuedCount()).toBe(before);
  });

  it('issues one coupon once paid, however often «Да» is pressed', async () => {
    const { body } = await startPayment();
    const paid = await sandbox(`${body.paymentUrl}/pay`, 'POST');
    expect(paid.statusCode).toBe(303);
    expect((await sandbox(body.paymentUrl)).body).toContain('Оплата прошла');

    const first = await t
      .as(buyer)
      .post(`/api/coupons/buy/${couponId}/buyer_one`, { paymentId: body.paymentId });
    const second = await t.as(buyer).post(`/api/coupons/buy/${couponId}/buyer_one`);
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const rows = await t.database.db
      .select()
      .from(purchasedCoupons)
      .where(eq(purchasedCoupons.id, first.json().purchasedCouponId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ownerId: buyer.id, status: 'NOT_USED', verified: true });
    expect(rows[0]?.qrToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('tells the buyer once that the purchase is confirmed', async () => {
    await t.deliverNotifications();
    const told = () =>
      t.botApi.sentMessages().filter((m) => m.chatId === friend.id && m.text.startsWith('Оплата прошла'));
    const before = told().length;
    const { body } = await startPayment(friend);
    await sandbox(`${body.paymentUrl}/pay`, 'POST');
    await t.as(friend).post(`/api/coupons/buy/${couponId}/buyer_two`);
    await t.as(friend).post(`/api/coupons/buy/${couponId}/buyer_two`);
    await t.deliverNotifications();
    expect(told()).toHaveLength(before + 1);
    expect(told().at(-1)?.text).toContain('«Порог» (Карелия), скидка 750 руб.');
  });

  it('issues nothing for a canceled payment', async () => {
    const before = await issuedCount();
    const { body } = await startPayment(friend);
    await sandbox(`${body.paymentUrl}/cancel`, 'POST');
    expect((await sandbox(body.paymentUrl)).body).toContain('Оплата отменена');
    await sandbox(`${body.paymentUrl}/pay`, 'POST');
    const res = await t.as(friend).post(`/api/coupons/buy/${couponId}/buyer_two`);
    expect(res.statusCode).toBe(402);
    expect(await issuedCount()).toBe(before);
  });

  it('does not let one user confirm another user’s payment', async () => {
    const { body } = await startPayment(friend);
    await sandbox(`${body.paymentUrl}/pay`, 'POST');
    const before = (await t.as(buyer).get('/api/coupon/valid/qr/customer/buyer_one')).json().length;
    const asOwn = await t
      .as(buyer)
      .post(`/api/coupons/buy/${couponId}/buyer_one`, { paymentId: body.paymentId });
    expect(asOwn.statusCode).toBe(402);
    const asFriend = await t
      .as(buyer)
      .post(`/api/coupons/buy/${couponId}/buyer_two`, { paymentId: body.paymentId });
    expect(asFriend.statusCode).toBe(403);
    expect((await t.as(buyer).get('/api/coupon/valid/qr/customer/buyer_one')).json().length).toBe(before);
  });

  it('refuses a coupon that is not on sale', async () => {
    expect((await startPayment(buyer, pendingCouponId)).res.statusCode).toBe(404);
    expect((await startPayment(buyer, 987654)).res.statusCode).toBe(404);
  });

  it('answers an id that is not one with a 400 naming it, past the offer gate', async () => {
    const res = await t.as(buyer).post('/api/payments/abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('couponId');
  });
});

describe('a non-member of the chat', () => {
  it('can neither pay nor confirm', async () => {
    const start = await startPayment(outsider);
    expect(start.res.statusCode).toBe(403);
    expect(start.res.json()).toMatchObject({
      error: 'not_chat_member',
      message: expect.stringContaining('чат'),
    });
    const confirm = await t.as(outsider).post(`/api/coupons/buy/${couponId}/not_in_chat`);
    expect(confirm.statusCode).toBe(403);
    expect(confirm.json().error).toBe('not_chat_member');
  });
});

describe('a buyer without a Telegram username', () => {
  it('is told to set one before paying, and nothing is charged', async () => {
    const nameless = telegramUser(null);
    t.botApi.members.set(nameless.id, 'member');
    await giveConsent(t, nameless);
    const paymentsBefore = (await t.database.db.select({ n: count() }).from(payments))[0]?.n;

    const start = await startPayment(nameless);

    expect(start.res.statusCode).toBe(403);
    expect(start.res.json()).toMatchObject({
      error: 'no_username',
      message: expect.stringContaining('задайте имя пользователя'),
    });
    expect((await t.database.db.select({ n: count() }).from(payments))[0]?.n).toBe(paymentsBefore);
  });
});

describe('with the link provider', () => {
  it('opens the admin’s link and issues an unverified coupon on the buyer’s word', async () => {
    const link = await createTestApp({ env: { ADMIN_USERNAMES: 'shop_admin', PAYMENT_PROVIDER: 'link' } });
    try {
      link.botApi.members.set(buyer.id, 'member');
      await giveConsent(link, buyer);
      const { couponIds } = await addPartnerWithCoupons(link, admin, {}, [{ price: 30, discount: 100 }]);
      const start = await link.as(buyer).post(`/api/payments/${couponIds[0]}`);
      expect(start.json().paymentUrl).toBe('https://pay.example/c');
      const confirm = await link.as(buyer).post(`/api/coupons/buy/${couponIds[0]}/buyer_one`);
      expect(confirm.statusCode).toBe(200);
      const [row] = await link.database.db.select().from(purchasedCoupons);
      expect(row).toMatchObject({ verified: false, ownerId: buyer.id });

      // Nobody checked the money: the admins are told, to compare with their account.
      await link.deliverNotifications();
      expect(link.botApi.sentMessages().filter((m) => m.chatId === admin.id)).toEqual([
        {
          messageId: expect.any(Number),
          chatId: admin.id,
          text: expect.stringMatching(
            /^Купон выдан по слову покупателя \(оплата по ссылке\): @buyer_one, «.+» \(Карелия\), 30 руб\.\nСверьте с поступлением на счет\.$/,
          ),
        },
      ]);
      await link.as(buyer).post(`/api/coupons/buy/${couponIds[0]}/buyer_one`);
      await link.deliverNotifications();
      expect(link.botApi.sentMessages().filter((m) => m.chatId === admin.id)).toHaveLength(1);
    } finally {
      await link.close();
    }
  });
});
