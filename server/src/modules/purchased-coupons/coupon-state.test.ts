import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, buyCoupon, expireCoupon } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { purchasedCoupons } from '../../db/schema.ts';
import { createPartnerAccess } from '../partners/partner-access.ts';
import {
  COUPON_CHANGES,
  type CouponActor,
  type CouponChange,
  type CouponStatus,
  changeCoupon,
  holdForRefund,
  refusalOf,
} from './coupon-state.ts';
import { newQrToken } from './qr.ts';
import type { CouponState } from './visible-state.ts';

let t: TestApp;
const admin = telegramUser('state_admin');
const owner = telegramUser('state_owner');
const partner = telegramUser('state_partner');
const stranger = telegramUser('state_stranger');
let couponId: number;
let partnerId: number;
/** The companies `partner` acts for: theirs, once added. */
const partnerCompanies: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'state_admin' }, rateLimits: false });
  for (const user of [admin, owner, partner, stranger]) t.botApi.members.set(user.id, 'member');
  const added = await addPartnerWithCoupons(
    t,
    admin,
    { companyName: 'Состояния', spokesmanNickname: 'state_partner' },
    [{ price: 90, discount: 300 }],
  );
  couponId = added.couponIds[0] as number;
  partnerId = added.partnerId;
  partnerCompanies.push(partnerId);
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
  partner: { kind: 'partner', id: partner.id, partnerIds: partnerCompanies },
  'another partner': { kind: 'partner', id: stranger.id, partnerIds: [] },
  owner: { kind: 'owner', id: owner.id },
  stranger: { kind: 'owner', id: stranger.id },
  provider: { kind: 'payment-provider' },
  system: { kind: 'system' },
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
    ['refund', 'admin', 'NOT_USED', false, 'REFUNDED', true],
    ['refund', 'partner', 'NOT_USED', false, 'NOT_USED', false],
    ['void', 'admin', 'NOT_USED', false, 'VOID', true],
    ['void', 'admin', 'USED', false, 'USED', false],
    ['void', 'admin', 'REFUNDED', false, 'REFUNDED', false],
    ['void', 'partner', 'NOT_USED', false, 'NOT_USED', false],
    ['redeem', 'admin', 'VOID', false, 'VOID', false],
    ['undo', 'admin', 'VOID', false, 'VOID', false],
    ['gift', 'owner', 'VOID', false, 'VOID', false],
    ['hold', 'owner', 'NOT_USED', false, 'HELD', true],
    ['hold', 'stranger', 'NOT_USED', false, 'NOT_USED', false],
    ['hold', 'owner', 'USED', false, 'USED', false],
    ['claim', 'system', 'HELD', false, 'NOT_USED', true],
    ['claim', 'owner', 'HELD', false, 'HELD', false],
    ['unhold', 'owner', 'HELD', false, 'NOT_USED', true],
    ['unhold', 'system', 'HELD', false, 'NOT_USED', true],
    ['unhold', 'stranger', 'HELD', false, 'HELD', false],
    ['redeem', 'admin', 'HELD', false, 'HELD', false],
    ['gift', 'owner', 'HELD', false, 'HELD', false],
    ['refund', 'admin', 'HELD', false, 'HELD', false],
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
      // Where the actor may make the change, refusalOf answers as the conditional UPDATE did.
      if ((COUPON_CHANGES[change].by as readonly string[]).includes(actor.kind) && made) {
        expect(refusalOf({ status: from, expired: false, refundRequested: false, refunded }, change)).toBe(
          undefined,
        );
      }
      if (!(COUPON_CHANGES[change].from as readonly string[]).includes(from)) {
        expect(refusalOf({ status: from, expired: false, refundRequested: false, refunded }, change)).toBe(
          refunded && change === 'refund' ? 'REFUNDED' : from,
        );
      }
    },
  );

  it('refuses to redeem or give away a coupon past its expiry, and one held for a refund', async () => {
    const expired = await couponIn('NOT_USED');
    await expireCoupon(t, expired);
    const held = await couponIn('NOT_USED');
    await holdForRefund(t.database.db, held, true);

    const redeem = (id: string) =>
      changeCoupon(t.database.db, 'redeem', actors.partner as CouponActor, { id });
    expect(await redeem(expired)).toHaveLength(0);
    expect(await redeem(held)).toHaveLength(0);
    const gift = { ownerId: admin.id, qrToken: newQrToken() };
    for (const id of [expired, held]) {
      expect(
        await changeCoupon(t.database.db, 'gift', actors.owner as CouponActor, { id }, gift),
      ).toHaveLength(0);
      const hold = { qrToken: newQrToken() };
      expect(
        await changeCoupon(t.database.db, 'hold', actors.owner as CouponActor, { id }, hold),
      ).toHaveLength(0);
    }

    await holdForRefund(t.database.db, held, false);
    expect(await redeem(held)).toHaveLength(1);
  });

  it('answers why the refused ones were refused, as refusalOf says', async () => {
    const expired = await couponIn('NOT_USED');
    await expireCoupon(t, expired);
    const held = await couponIn('NOT_USED');
    await holdForRefund(t.database.db, held, true);
    const state = async (id: string): Promise<CouponState> => {
      const [row] = await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id));
      if (!row) throw new Error('no coupon');
      return {
        status: row.status,
        expired: row.expiresAt !== null && row.expiresAt <= new Date(),
        refundRequested: row.refundRequestedAt !== null,
        refunded: row.refundedAt !== null,
      };
    };
    expect(refusalOf(await state(expired), 'redeem')).toBe('EXPIRED');
    expect(refusalOf(await state(held), 'gift')).toBe('REFUND_PENDING');
    expect(refusalOf(await state(held), 'requestRefund')).toBe(undefined);
  });

  it('lets a partner’s staff redeem its coupons', async () => {
    const staff = telegramUser('state_staff');
    await t.as(admin).put(`/api/partners/${partnerId}/staff`, { usernames: ['state_staff'] });
    await t.as(staff).get('/api/me');
    const id = await couponIn('NOT_USED');

    const partnerIds = await createPartnerAccess(t.database.db).partnerIdsOf(staff.id);
    expect(
      await changeCoupon(t.database.db, 'redeem', { kind: 'partner', id: staff.id, partnerIds }, { id }),
    ).toHaveLength(1);
  });

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

describe('refusalOf, against the table', () => {
  const statuses: CouponStatus[] = ['NOT_USED', 'USED', 'HELD', 'REFUNDED', 'VOID'];
  const plain = (status: CouponStatus): CouponState => ({ status, expired: false, refundRequested: false });

  it('refuses a change from a status the table does not start it from, naming that status', () => {
    for (const change of Object.keys(COUPON_CHANGES) as CouponChange[]) {
      const from: readonly CouponStatus[] = COUPON_CHANGES[change].from;
      for (const status of statuses) {
        expect([change, status, refusalOf(plain(status), change)]).toEqual([
          change,
          status,
          from.includes(status) ? undefined : status,
        ]);
      }
    }
  });

  it('refuses to redeem, give or hold a coupon past its expiry or with its refund under way', () => {
    for (const change of ['redeem', 'gift', 'hold'] as const) {
      expect(refusalOf({ ...plain('NOT_USED'), expired: true }, change)).toBe('EXPIRED');
      expect(refusalOf({ ...plain('NOT_USED'), refundRequested: true }, change)).toBe('REFUND_PENDING');
      // A refund under way is named before expiry, as the holder's and the partner's screens show it.
      expect(refusalOf({ ...plain('NOT_USED'), expired: true, refundRequested: true }, change)).toBe(
        'REFUND_PENDING',
      );
      // The status comes first: a used coupon is used, whatever else holds.
      expect(refusalOf({ status: 'USED', expired: true, refundRequested: true }, change)).toBe('USED');
    }
  });

  it('lets the other changes start whatever the expiry or a refund under way', () => {
    const busy = { expired: true, refundRequested: true };
    expect(refusalOf({ status: 'NOT_USED', ...busy }, 'refund')).toBe(undefined);
    expect(refusalOf({ status: 'NOT_USED', ...busy }, 'void')).toBe(undefined);
    expect(refusalOf({ status: 'USED', ...busy }, 'undo')).toBe(undefined);
    expect(refusalOf({ status: 'HELD', ...busy }, 'claim')).toBe(undefined);
    expect(refusalOf({ status: 'HELD', ...busy }, 'unhold')).toBe(undefined);
  });

  it('tells a refund once: a coupon already refunded is REFUNDED for a refund, a void and a refund request', () => {
    const usedRefunded: CouponState = { ...plain('USED'), refunded: true };
    expect(refusalOf(usedRefunded, 'refund')).toBe('REFUNDED');
    expect(refusalOf(usedRefunded, 'void')).toBe('REFUNDED');
    expect(refusalOf(usedRefunded, 'requestRefund')).toBe('REFUNDED');
    // Undoing the redemption of a refunded coupon is allowed: it becomes REFUNDED.
    expect(refusalOf(usedRefunded, 'undo')).toBe(undefined);
  });

  it('lets an admin ask for a refund only of an unused coupon, a refund already asked included', () => {
    expect(refusalOf(plain('NOT_USED'), 'requestRefund')).toBe(undefined);
    expect(refusalOf({ ...plain('NOT_USED'), refundRequested: true, expired: true }, 'requestRefund')).toBe(
      undefined,
    );
    for (const status of ['USED', 'HELD', 'REFUNDED', 'VOID'] as const) {
      expect(refusalOf(plain(status), 'requestRefund')).toBe(status);
    }
  });
});
