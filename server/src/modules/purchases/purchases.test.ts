import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addPartnerWithCoupons, buyCoupon, expireCoupon, giveConsent } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { partners, payments, purchasedCoupons } from '../../db/schema.ts';

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

describe('My QR', () => {
  it('lists the caller’s coupons newest first with a PNG QR, company, discount and region', async () => {
    const res = await t.as(buyer).get('/api/coupon/valid/qr/customer/buyer_one');
    expect(res.statusCode).toBe(200);
    const [coupon] = res.json();
    expect(coupon).toMatchObject({
      companyName: 'Порог',
      discount: 750,
      region: 'Карелия',
      status: 'NOT_USED',
    });
    const image = await t.as(buyer).get(coupon.qrImageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('lists the usable coupons first, newest in the owner’s hands first, then the used and expired ones', async () => {
    const collector = telegramUser('collector');
    t.botApi.members.set(collector.id, 'member');
    const gift = await buyCoupon(t, friend, couponId);
    const oldest = await buyCoupon(t, collector, couponId);
    const used = await buyCoupon(t, collector, couponId);
    const usable = await buyCoupon(t, collector, couponId);
    const expired = await buyCoupon(t, collector, couponId);
    const newest = await buyCoupon(t, collector, couponId);
    await expireCoupon(t, expired);
    const [{ qrToken } = { qrToken: '' }] = await t.database.db
      .select({ qrToken: purchasedCoupons.qrToken })
      .from(purchasedCoupons)
      .where(eq(purchasedCoupons.id, used));
    expect((await t.as(admin).post(`/api/coupon/apply/${qrToken}/shop_admin`)).statusCode).toBe(200);
    // Bought before all of them, received after: the newest in the collector's hands.
    expect((await t.as(friend).post(`/api/coupons/buy/friend/${gift}/buyer_two/collector`)).statusCode).toBe(
      200,
    );

    const res = await t.as(collector).get('/api/coupon/valid/qr/customer/collector');
    const list = (res.json() as Array<{ id: string; status: string }>).map(({ id, status }) => ({
      id,
      status,
    }));
    expect(list).toEqual([
      { id: gift, status: 'NOT_USED' },
      { id: newest, status: 'NOT_USED' },
      { id: usable, status: 'NOT_USED' },
      { id: oldest, status: 'NOT_USED' },
      { id: expired, status: 'EXPIRED' },
      { id: used, status: 'USED' },
    ]);
  });

  it('serves a QR image for the browser to keep, to its owner and admins only', async () => {
    const [coupon] = (await t.as(buyer).get('/api/coupon/valid/qr/customer/buyer_one')).json();
    // The token is the address: a gift's new token is a new image.
    const [row] = await t.database.db
      .select({ token: purchasedCoupons.qrToken })
      .from(purchasedCoupons)
      .where(eq(purchasedCoupons.id, coupon.id));
    expect(coupon.qrImageUrl).toBe(`/api/coupon/qr/${row?.token}`);

    const image = await t.as(buyer).get(coupon.qrImageUrl);
    expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect((await t.as(admin).get(coupon.qrImageUrl)).rawPayload).toEqual(image.rawPayload);
    const stranger = await t.as(friend).get(coupon.qrImageUrl);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ error: 'not_found', message: 'Такого QR-кода нет' });
    expect((await t.app.inject({ method: 'GET', url: coupon.qrImageUrl })).statusCode).toBe(401);
  });

  it('draws a new coupon’s QR ahead of its first view, which then sends that very image', async () => {
    const id = await buyCoupon(t, friend, couponId);
    const stored = async () =>
      (
        await t.database.db
          .select({ token: purchasedCoupons.qrToken, png: purchasedCoupons.qrPng })
          .from(purchasedCoupons)
          .where(eq(purchasedCoupons.id, id))
      )[0];
    // Nobody has asked for it: drawn in the background after the purchase.
    await vi.waitFor(async () => expect((await stored())?.png?.length).toBeGreaterThan(0));
    const { token, png } = (await stored()) ?? {};

    const image = await t.as(friend).get(`/api/coupon/qr/${token}`);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload).toEqual(Buffer.from(png ?? []));
  });

  /** The SQL of every query the driver is given while `act` runs (PGlite, or node-postgres' pool). */
  async function queriesDuring(act: () => Promise<void>): Promise<string[]> {
    const client = (t.database.db as unknown as { $client: { query: (query: unknown) => unknown } }).$client;
    const queries = vi.spyOn(client, 'query');
    try {
      await act();
      return queries.mock.calls.map(([query]) =>
        typeof query === 'string' ? query : (query as { text: string }).text,
      );
    } finally {
      queries.mockRestore();
    }
  }
  const VERSION_BY_KEY = /from "users" where "users"\."id" = any\(\$1\)$/;

  it('answers an unchanged poll reading at most one row, by its key', async () => {
    const url = '/api/coupon/valid/qr/customer/buyer_one';
    const etag = (await t.as(buyer).get(url)).headers.etag as string;
    const read = await queriesDuring(async () => {
      const again = await t.as(buyer).request({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
    });
    // PGlite's one process keeps the version it read (none); PostgreSQL's processes read it.
    expect(read.length).toBeLessThanOrEqual(1);
    for (const sql of read) expect(sql).toMatch(VERSION_BY_KEY);
  });

  it('polls that come together share their reads: eight unchanged polls, at most two statements', async () => {
    const url = '/api/coupon/valid/qr/customer/buyer_one';
    const etag = (await t.as(buyer).get(url)).headers.etag as string;
    const read = await queriesDuring(async () => {
      const polls = await Promise.all(
        Array.from({ length: 8 }, () =>
          t.as(buyer).request({ method: 'GET', url, headers: { 'if-none-match': etag } }),
        ),
      );
      expect(polls.map(({ statusCode }) => statusCode)).toEqual(Array(8).fill(304));
    });
    // The first read goes at once; the polls that came while it was out share the next.
    expect(read.length).toBeLessThanOrEqual(2);
    for (const sql of read) expect(sql).toMatch(VERSION_BY_KEY);
  });

  it('answers 304 while nothing changed and 200 after a new purchase', async () => {
    const first = await t.as(buyer).get('/api/coupon/valid/qr/customer/buyer_one');
    const etag = first.headers.etag as string;
    const again = await t.as(buyer).request({
      method: 'GET',
      url: '/api/coupon/valid/qr/customer/buyer_one',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const { body } = await startPayment();
    await sandbox(`${body.paymentUrl}/pay`, 'POST');
    const changed = await t.as(buyer).request({
      method: 'GET',
      url: '/api/coupon/valid/qr/customer/buyer_one',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().length).toBe(first.json().length + 1);
  });

  it('tells the polls of both owners of a coupon redeemed, then gifted', async () => {
    const urlOf = (user: typeof buyer) => `/api/coupon/valid/qr/customer/${user.username}`;
    const poll = async (user: typeof buyer, etag?: string) => {
      const res = await t.as(user).request({
        method: 'GET',
        url: urlOf(user),
        headers: etag ? { 'if-none-match': etag } : {},
      });
      return { status: res.statusCode, etag: res.headers.etag as string };
    };
    const [first, second] = (await t.as(buyer).get(urlOf(buyer))).json() as Array<{ id: string }>;
    const buyerTag = (await poll(buyer)).etag;
    const friendTag = (await poll(friend)).etag;
    const tokenOf = async (id: string | undefined) =>
      (
        await t.database.db
          .select()
          .from(purchasedCoupons)
          .where(eq(purchasedCoupons.id, id ?? ''))
      )[0]?.qrToken;

    await t.as(admin).post(`/api/coupon/apply/${await tokenOf(second?.id)}/shop_admin`);
    const afterRedeem = await poll(buyer, buyerTag);
    expect(afterRedeem.status).toBe(200);
    expect((await poll(friend, friendTag)).status).toBe(304);

    const gift = await t.as(buyer).post(`/api/coupons/buy/friend/${first?.id}/buyer_one/buyer_two`);
    expect(gift.statusCode).toBe(200);
    expect((await poll(buyer, afterRedeem.etag)).status).toBe(200);
    expect((await poll(friend, friendTag)).status).toBe(200);
  });

  it('tells a poll of a partner renamed, which every list holding its coupons shows', async () => {
    const url = '/api/coupon/valid/qr/customer/buyer_one';
    const first = await t.as(buyer).get(url);
    const etag = first.headers.etag as string;
    await t.database.db
      .update(partners)
      .set({ companyName: 'Порог-2' })
      .where(eq(partners.companyName, 'Порог'));

    const again = await t.as(buyer).request({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(200);
    expect(again.json().map((c: { companyName: string }) => c.companyName)).toContain('Порог-2');
    // Read afresh, not the list kept for the version before.
    expect((await t.as(buyer).get(url)).json()).toEqual(again.json());
  });

  it('refuses to show someone else’s coupons to a user', async () => {
    expect((await t.as(friend).get('/api/coupon/valid/qr/customer/buyer_one')).statusCode).toBe(403);
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
