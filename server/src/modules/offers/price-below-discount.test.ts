import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, buyCoupon } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { auditEvents, coupons } from '../../db/schema.ts';

/**
 * Migration 0019 on a database holding offers stored under the earlier, reversed rule: the migrated
 * database of the suite is taken back to 0018's constraint, given such offers, and migrated again.
 */
let t: TestApp;
const admin = telegramUser('pbd_admin');
const buyer = telegramUser('pbd_buyer');
const partner = telegramUser('pbd_partner');
let good: number;
let onSale: number;
let withdrawnBefore: number;
let waiting: number;
let bought: string;

const migration = readFileSync(
  new URL('../../db/migrations/0019_price_below_discount.sql', import.meta.url),
  'utf8',
);

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'pbd_admin' } });
  for (const u of [admin, buyer, partner]) t.botApi.members.set(u.id, 'member');
  const made = await addPartnerWithCoupons(
    t,
    admin,
    { companyName: 'Шивера', spokesmanNickname: 'pbd_partner' },
    [
      { price: 150, discount: 1000 },
      { price: 50, discount: 300 },
      { price: 50, discount: 300 },
      { price: 50, discount: 300, decision: 'pending' },
    ],
  );
  [good, onSale, withdrawnBefore, waiting] = made.couponIds as [number, number, number, number];
  bought = await buyCoupon(t, buyer, onSale);
  await t.as(admin).post(`/api/admin/coupons/${withdrawnBefore}/withdraw`);

  const { db } = t.database;
  await db.execute(sql`ALTER TABLE coupons DROP CONSTRAINT coupons_amounts`);
  // Every offer of the old rule cost more than it saved: 2 000 руб for 300 руб off. The good one
  // stands for an offer made after 0019's code is out; NOT VALID lets it stay beside the old check.
  await db.update(coupons).set({ price: 2000 }).where(sql`${coupons.id} <> ${good}`);
  await db.execute(
    sql`ALTER TABLE coupons ADD CONSTRAINT coupons_amounts CHECK (price > 0 AND discount > 0 AND discount < price) NOT VALID`,
  );
  for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
});
afterAll(() => t.close());

const offersOnSale = async () =>
  (
    (await t.as(buyer).get(`/api/coupons/partner/${(await adminOffers())[0]?.partnerId}`)).json() as {
      id: number;
    }[]
  ).map((offer) => offer.id);
const adminOffers = async () => {
  const partners = (await t.as(admin).get('/api/admin/partners')).json() as Array<{
    offers: Array<{ id: number; partnerId: number; state: string; termsProblem: string | null }>;
  }>;
  return partners.flatMap((p) => p.offers);
};
const eventsOf = (couponId: number) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.subject, `offer:${couponId}`));

describe('offers stored before a coupon had to cost less than it saves', () => {
  it('are off sale, each with an audit event naming the reason', async () => {
    expect(await offersOnSale()).not.toContain(onSale);
    const withdrawn = (await eventsOf(onSale)).filter((event) => event.kind === 'offer.withdrawn');
    expect(withdrawn).toEqual([
      expect.objectContaining({
        actorId: null,
        details: { reason: 'цена не ниже скидки', price: 2000, discount: 300 },
      }),
    ]);
    const refused = (await eventsOf(waiting)).filter((event) => event.kind === 'offer.rejected');
    expect(refused).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ reason: 'цена не ниже скидки' }) }),
    ]);
    // One already withdrawn by an admin is not withdrawn twice.
    expect(
      (await eventsOf(withdrawnBefore)).filter((event) => event.kind === 'offer.withdrawn'),
    ).toHaveLength(1);
  });

  it('never reach the admin’s request list, and show the admin why they are off sale', async () => {
    const requests = (await t.as(admin).get('/api/coupons/to/apply')).json() as { couponId: number }[];
    expect(requests.map((request) => request.couponId)).not.toContain(waiting);
    const reason = 'Цена должна быть меньше скидки: купон стоит покупателю меньше, чем он экономит.';
    expect(await adminOffers()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: good, state: 'on_sale', termsProblem: null }),
        expect.objectContaining({ id: onSale, state: 'withdrawn', termsProblem: reason }),
        expect.objectContaining({ id: withdrawnBefore, state: 'withdrawn', termsProblem: reason }),
        expect.objectContaining({ id: waiting, state: 'rejected', termsProblem: reason }),
      ]),
    );
  });

  it('leave the offers that obey the rule on sale', async () => {
    expect(await offersOnSale()).toEqual([good]);
  });

  it('cannot be put on sale again: 400 naming the price, nothing changed', async () => {
    const res = await t.as(admin).post(`/api/admin/coupons/${onSale}/reopen`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'price',
      message: 'Цена должна быть меньше скидки: купон стоит покупателю меньше, чем он экономит.',
    });
    expect(await offersOnSale()).not.toContain(onSale);
    expect((await eventsOf(onSale)).map((event) => event.kind)).not.toContain('offer.reopened');
  });

  it('are refused by the database too, should anything try to sell one', async () => {
    await expect(
      t.database.db.update(coupons).set({ withdrawnAt: null }).where(eq(coupons.id, onSale)),
    ).rejects.toThrow();
  });

  it('keep the coupons bought from them valid: in My QR, scanned unused, redeemed', async () => {
    const mine = (await t.as(buyer).get(`/api/coupon/valid/qr/customer/${buyer.username}`)).json() as Array<{
      id: string;
      status: string;
    }>;
    expect(mine).toContainEqual(expect.objectContaining({ id: bought, status: 'NOT_USED' }));
    const [row] = await t.database.db
      .execute(sql`SELECT qr_token FROM purchased_coupons WHERE id = ${bought}`)
      .then((result) => (result as unknown as { rows: { qr_token: string }[] }).rows);
    await t.as(partner).get('/api/me');
    const redeemed = await t.as(partner).post(`/api/coupon/apply/${row?.qr_token}/${partner.username}`);
    expect(redeemed.statusCode).toBe(200);
  });
});
