import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addPartnerWithCoupons, buyCoupon, expireCoupon, giveConsent } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { partners, purchasedCoupons } from '../../db/schema.ts';

let t: TestApp;
const admin = telegramUser('shop_admin');
const buyer = telegramUser('buyer_one');
const friend = telegramUser('buyer_two');
let couponId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'shop_admin' } });
  for (const member of [buyer, friend, admin]) t.botApi.members.set(member.id, 'member');
  for (const user of [buyer, friend, admin]) await giveConsent(t, user);
  const { couponIds } = await addPartnerWithCoupons(t, admin, { companyName: 'Порог', region: 'Карелия' }, [
    { price: 150, discount: 750 },
  ]);
  couponId = couponIds[0] as number;
  // Two of the buyer's own: one to redeem, one to give.
  for (let bought = 0; bought < 2; bought++) await buyCoupon(t, buyer, couponId);
});
afterAll(() => t.close());

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

    await buyCoupon(t, buyer, couponId);
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
