import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, buyCoupon } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { purchasedCoupons } from '../../db/schema.ts';
import { type CouponActor, type CouponChange, type CouponStatus, changeCoupon } from './coupon-state.ts';
import { newQrToken } from './qr.ts';

let t: TestApp;
const admin = telegramUser('state_admin');
const owner = telegramUser('state_owner');
const partner = telegramUser('state_partner');
const stranger = telegramUser('state_stranger');
let couponId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'state_admin' }, rateLimits: false });
  for (const user of [admin, owner, partner, stranger]) t.botApi.members.set(user.id, 'member');
  couponId = (
    await addPartnerWithCoupons(t, admin, { companyName: 'Состояния', spokesmanNickname: 'state_partner' }, [
      { price: 3000, discount: 300 },
    ])
  ).couponIds[0] as number;
  await t.as(partner).get('/api/me');
});
afterAll(() => t.close());

/** A fresh coupon put straight into a state, to try one change on it. */
async function couponIn(status: CouponStatus, refunded = false) {
  const id = await buyCoupon(t, owner, couponId);
  await t.database.db
    .update(purchasedCoupons)
    .set({
      status,
      redeemedAt: status === 'USED' ? sql`now()` : null,
      redeemedBy: status === 'USED' ? partner.id : null,
      refundedAt: refunded || status === 'REFUNDED' ? sql`now()` : null,
    })
    .where(eq(purchasedCoupons.id, id));
  return id;
}

const statusOf = async (id: string) =>
  (await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id)))[0]?.status;

const actors: Record<string, CouponActor> = {
  admin: { kind: 'admin', id: admin.id },
  partner: { kind: 'partner', id: partner.id },
  'another partner': { kind: 'partner', id: stranger.id },
  owner: { kind: 'owner', id: owner.id },
  stranger: { kind: 'owner', id: stranger.id },
  provider: { kind: 'payment-provider' },
};

describe('the life of a purchased coupon', () => {
  // [change, actor, from, refunded before, status after, whether the change was made]
  const cases: Array<[CouponChange, string, CouponStatus, boolean, CouponStatus, boolean]> = [
    ['redeem', 'partner', 'NOT_USED', false, 'USED', true],
    ['redeem', 'admin', 'NOT_USED', false, 'USED', true],
    ['redeem', 'another partner', 'NOT_USED', false, 'NOT_USED', false],
    ['redeem', 'owner', 'NOT_USED', false, 'NOT_USED', false],
    ['redeem', 'partner', 'USED', false, 'USED', false],
    ['redeem', 'admin', 'REFUNDED', false, 'REFUNDED', false],
    ['undo', 'partner', 'USED', false, 'NOT_USED', true],
    ['undo', 'admin', 'USED', true, 'REFUNDED', true],
    ['undo', 'partner', 'USED', true, 'REFUNDED', true],
    ['undo', 'another partner', 'USED', false, 'USED', false],
    ['undo', 'admin', 'REFUNDED', false, 'REFUNDED', false],
    ['undo', 'admin', 'NOT_USED', false, 'NOT_USED', false],
    ['refund', 'provider', 'NOT_USED', false, 'REFUNDED', true],
    ['refund', 'provider', 'USED', false, 'USED', true],
    ['refund', 'admin', 'NOT_USED', false, 'NOT_USED', false],
    ['gift', 'owner', 'NOT_USED', false, 'NOT_USED', true],
    ['gift', 'owner', 'USED', false, 'USED', false],
    ['gift', 'owner', 'REFUNDED', false, 'REFUNDED', false],
    ['gift', 'stranger', 'NOT_USED', false, 'NOT_USED', false],
  ];

  it.each(cases)(
    '%s by %s from %s (refunded: %s) leaves it %s; made: %s',
    async (change, who, from, refunded, expected, made) => {
      const id = await couponIn(from, refunded);
      const actor = actors[who] as CouponActor;

      const giftTo = change === 'gift' ? { ownerId: admin.id, qrToken: newQrToken() } : {};
      const changed = await changeCoupon(t.database.db, change, actor, { id }, giftTo);

      expect({ status: await statusOf(id), made: changed.length === 1 }).toEqual({ status: expected, made });
    },
  );

  it('marks a refund once: a repeated notification changes nothing', async () => {
    const id = await couponIn('USED');
    const provider = actors.provider as CouponActor;

    expect(await changeCoupon(t.database.db, 'refund', provider, { id })).toHaveLength(1);
    expect(await changeCoupon(t.database.db, 'refund', provider, { id })).toHaveLength(0);
  });

  it('is the only code that changes a coupon’s status', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const writers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
          const source = readFileSync(file, 'utf8');
          if (/\.update\(purchasedCoupons\)[\s\S]{0,200}?status/.test(source)) {
            writers.push(path.relative(root, file));
          }
        }
      }
    };
    walk(root);
    expect(writers).toEqual(['modules/purchased-coupons/coupon-state.ts']);
  });
});
