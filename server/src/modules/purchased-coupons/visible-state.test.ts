import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASED_COUPON_STATUSES } from '#contract/coupon-statuses';
import { addPartnerWithCoupons, buyCoupon } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { auditEvents, gifts, payments, purchasedCoupons, retiredQrTokens } from '../../db/schema.ts';
import { createQrPhotos } from '../notifications/qr-photos.ts';
import { createScanner } from '../redemption/scan.ts';
import { type CouponActor, type CouponStatus, changeCoupon, mayUndo, refusalOf } from './coupon-state.ts';
import { recordExpiries } from './expiry-log.ts';
import { newQrToken } from './qr.ts';
import { scanStatusOf } from './token-coupon.ts';
import {
  type CouponState,
  isInStateNow,
  type VisibleState,
  visibleStateNow,
  visibleStateOf,
} from './visible-state.ts';

let t: TestApp;
const admin = telegramUser('vis_admin');
const buyer = telegramUser('vis_buyer');
const earlier = telegramUser('vis_earlier');
const partner = telegramUser('vis_partner');
let partnerId: number;

/** One coupon per combination of the facts the state is made of, and of a QR a gift replaced. */
interface Combination extends Required<CouponState> {
  gifted: boolean;
  id: string;
  token: string;
  /** The QR a gift replaced, when gifted. */
  oldToken?: string;
}
const combinations: Combination[] = [];
const STATUSES: CouponStatus[] = ['NOT_USED', 'USED', 'REFUNDED', 'VOID', 'HELD'];
const name = (c: Combination) =>
  `${c.status}${c.expired ? ' expired' : ''}${c.refundRequested ? ' refund asked' : ''}` +
  `${c.refunded ? ' refunded' : ''}${c.gifted ? ' gifted' : ''}`;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'vis_admin' }, rateLimits: false });
  for (const user of [admin, buyer, earlier, partner]) t.botApi.members.set(user.id, 'member');
  const added = await addPartnerWithCoupons(
    t,
    admin,
    { companyName: 'Видимость', spokesmanNickname: 'vis_partner' },
    [{ price: 100, discount: 500 }],
  );
  partnerId = added.partnerId;
  for (const user of [partner, earlier]) await t.as(user).get('/api/me');
  const bought = await buyCoupon(t, buyer, added.couponIds[0] as number);
  const db = t.database.db;
  const [template] = await db
    .select()
    .from(payments)
    .innerJoin(purchasedCoupons, eq(purchasedCoupons.paymentId, payments.id))
    .where(eq(purchasedCoupons.id, bought));
  if (!template) throw new Error('no coupon bought');
  await db.delete(purchasedCoupons).where(eq(purchasedCoupons.id, bought));

  const hourAgo = new Date(Date.now() - 3600_000);
  const inAMonth = new Date(Date.now() + 30 * 24 * 3600_000);
  for (const status of STATUSES)
    for (const expired of [false, true])
      for (const refundRequested of [false, true])
        for (const refunded of [false, true])
          for (const gifted of [false, true]) {
            const combination = {
              status,
              expired,
              refundRequested,
              refunded,
              gifted,
              id: '',
              token: newQrToken(),
            };
            // The QR the coupon had before `earlier` gave it to the buyer.
            combinations.push(gifted ? { ...combination, oldToken: newQrToken() } : combination);
          }
  const { id: _payment, ...payment } = template.payments;
  const paid = await db
    .insert(payments)
    .values(combinations.map(() => ({ ...payment, providerPaymentId: null })))
    .returning({ id: payments.id });
  const issued = await db
    .insert(purchasedCoupons)
    .values(
      combinations.map((c, i) => ({
        couponId: template.purchased_coupons.couponId,
        paymentId: paid[i]?.id as string,
        ownerId: buyer.id,
        status: c.status,
        qrToken: c.token,
        verified: true,
        redeemedAt: c.status === 'USED' ? hourAgo : null,
        redeemedBy: c.status === 'USED' ? partner.id : null,
        expiresAt: c.expired ? hourAgo : inAMonth,
        refundRequestedAt: c.refundRequested ? hourAgo : null,
        refundedAt: c.refunded ? hourAgo : null,
      })),
    )
    .returning({ id: purchasedCoupons.id, token: purchasedCoupons.qrToken });
  const idOf = new Map(issued.map((row) => [row.token, row.id]));
  for (const c of combinations) c.id = idOf.get(c.token) as string;
  const gifted = combinations.filter((c) => c.oldToken);
  await db
    .insert(gifts)
    .values(gifted.map((c) => ({ purchasedCouponId: c.id, fromUserId: earlier.id, toUserId: buyer.id })));
  await db
    .insert(retiredQrTokens)
    .values(gifted.map((c) => ({ qrToken: c.oldToken as string, purchasedCouponId: c.id })));
});
afterAll(() => t.close());

const mirrorOf = (c: Combination): VisibleState => visibleStateOf(c);
const each = (check: (c: Combination) => unknown) =>
  Object.fromEntries(combinations.map((c) => [name(c), check(c)]));
const expectEach = (actual: (c: Combination) => unknown, expected: (c: Combination) => unknown) =>
  expect(each(actual)).toEqual(each(expected));

describe('the visible state of a purchased coupon, every combination of its facts', () => {
  it('covers every combination: status × expired × refund asked × refunded × gifted', () => {
    expect(combinations).toHaveLength(STATUSES.length * 16);
  });

  it('is the same in SQL as in its TypeScript mirror', async () => {
    const ids = combinations.map((c) => c.id);
    const rows = await t.database.db
      .select({ id: purchasedCoupons.id, state: visibleStateNow })
      .from(purchasedCoupons)
      .where(inArray(purchasedCoupons.id, ids));
    const sqlState = new Map(rows.map((row) => [row.id, row.state]));
    expectEach((c) => sqlState.get(c.id), mirrorOf);
    // The filter every list and report asks, state by state.
    const inState = new Map<string, VisibleState[]>();
    for (const state of [
      'NOT_USED',
      'USED',
      'EXPIRED',
      'REFUND_PENDING',
      'REFUNDED',
      'VOID',
      'HELD',
    ] as const) {
      const found = await t.database.db
        .select({ id: purchasedCoupons.id })
        .from(purchasedCoupons)
        .where(and(isInStateNow(state), inArray(purchasedCoupons.id, ids)));
      for (const { id } of found) inState.set(id, [...(inState.get(id) ?? []), state]);
    }
    expectEach(
      (c) => inState.get(c.id),
      (c) => [mirrorOf(c)],
    );
  });

  it('lets refusalOf and the conditional UPDATE redeem, give and hold exactly the NOT_USED ones, naming the state', async () => {
    expectEach(
      (c) => ['redeem', 'gift', 'hold'].map((change) => refusalOf(c, change as 'redeem')),
      (c) => Array(3).fill(mirrorOf(c) === 'NOT_USED' ? undefined : mirrorOf(c)),
    );
    const made = new Map<string, boolean>();
    const rollback = new Error('rolled back: the coupons stay as they are');
    await t.database.db
      .transaction(async (tx) => {
        for (const c of combinations) {
          const rows = await changeCoupon(tx, 'redeem', { kind: 'admin', id: admin.id }, { id: c.id });
          made.set(c.id, rows.length === 1);
        }
        throw rollback;
      })
      .catch((error) => {
        if (error !== rollback) throw error;
      });
    expectEach(
      (c) => made.get(c.id),
      (c) => mirrorOf(c) === 'NOT_USED',
    );
  });

  it('lets the undo be made exactly when mayUndo says: an admin any used one, its redeemer for ten minutes', async () => {
    const undoers: Record<string, CouponActor> = {
      admin: { kind: 'admin', id: admin.id },
      redeemer: { kind: 'partner', id: partner.id, partnerIds: [partnerId] },
      'another of its partner': { kind: 'partner', id: earlier.id, partnerIds: [partnerId] },
    };
    const made = new Map<string, string[]>();
    const mirrored = new Map<string, string[]>();
    const rollback = new Error('rolled back: the coupons stay as they are');
    await t.database.db
      .transaction(async (tx) => {
        for (const minutesAgo of [60, 1]) {
          const redeemedAt = new Date(Date.now() - minutesAgo * 60_000);
          await tx
            .update(purchasedCoupons)
            .set({ redeemedAt })
            .where(inArray(purchasedCoupons.redeemedBy, [partner.id]));
          for (const c of combinations) {
            const coupon = {
              status: c.status,
              redeemedBy: c.status === 'USED' ? partner.id : null,
              redeemedAt,
            };
            for (const [who, actor] of Object.entries(undoers)) {
              const key = `${minutesAgo} min ago by ${who}`;
              if (mayUndo(coupon, actor)) mirrored.set(c.id, [...(mirrored.get(c.id) ?? []), key]);
              await tx
                .transaction(async (attempt) => {
                  const rows = await changeCoupon(attempt, 'undo', actor, { id: c.id });
                  if (rows.length === 1) made.set(c.id, [...(made.get(c.id) ?? []), key]);
                  throw rollback;
                })
                .catch((error) => {
                  if (error !== rollback) throw error;
                });
            }
          }
        }
        throw rollback;
      })
      .catch((error) => {
        if (error !== rollback) throw error;
      });
    expectEach(
      (c) => made.get(c.id),
      (c) => mirrored.get(c.id),
    );
    expectEach(
      (c) => made.get(c.id),
      (c) =>
        c.status === 'USED'
          ? ['60 min ago by admin', '1 min ago by admin', '1 min ago by redeemer']
          : undefined,
    );
  });

  it('is what My QR shows: every state its holder keeps, and no refunded, void or held one', async () => {
    const list = (await t.as(buyer).get('/api/coupon/valid/qr/customer/vis_buyer')).json() as Array<{
      id: string;
      status: string;
    }>;
    const shown = new Map(list.map((item) => [item.id, item.status]));
    expectEach(
      (c) => shown.get(c.id),
      (c) =>
        (PURCHASED_COUPON_STATUSES as readonly string[]).includes(mirrorOf(c)) ? mirrorOf(c) : undefined,
    );
  });

  it('is what a scanning partner is shown; a held coupon and a QR a gift replaced are given away', async () => {
    // The route's service itself: the route adds only the caller's companies (redemption.test.ts).
    const scanner = createScanner({ db: t.database.db, timeZone: 'Europe/Moscow' });
    const redeemer = { id: partner.id, isAdmin: false, partnerIds: [partnerId] };
    const statusOf = async (token: string) => {
      const scanned = await scanner.scan(redeemer, token);
      return typeof scanned === 'object' ? scanned.status : scanned;
    };
    const scanned = new Map<string, unknown>();
    for (const c of combinations) {
      scanned.set(c.id, [await statusOf(c.token), c.oldToken && (await statusOf(c.oldToken))]);
    }
    expectEach(
      (c) => scanned.get(c.id),
      (c) => [mirrorOf(c) === 'HELD' ? 'GIFTED_AWAY' : mirrorOf(c), c.gifted ? 'GIFTED_AWAY' : undefined],
    );
  });

  it('is the back office list’s state and what it may do, and each of its filters keeps exactly its state', async () => {
    const listed = async (filter?: string) => {
      const found = new Map<string, unknown>();
      let cursor: string | null = null;
      do {
        const query = new URLSearchParams({ partnerId: String(partnerId) });
        if (filter) query.set('status', filter);
        if (cursor) query.set('cursor', cursor);
        const page = (await t.as(admin).get(`/api/admin/purchases?${query}`)).json();
        for (const item of page.items) found.set(item.id, filter ? item.status : [item.status, item.actions]);
        cursor = page.nextCursor;
      } while (cursor);
      return found;
    };
    const all = await listed();
    // Paid through a provider: a refund is offered of an unused one, expired or not, its money not
    // back yet, and no more.
    expectEach(
      (c) => all.get(c.id),
      (c) => [
        mirrorOf(c),
        {
          refund: ['NOT_USED', 'EXPIRED'].includes(mirrorOf(c)) && !c.refunded,
          markRefunded: false,
          void: false,
        },
      ],
    );
    const filters: Record<string, VisibleState> = {
      unused: 'NOT_USED',
      expired: 'EXPIRED',
      refunding: 'REFUND_PENDING',
      used: 'USED',
      refunded: 'REFUNDED',
      void: 'VOID',
    };
    for (const [filter, state] of Object.entries(filters)) {
      const kept = await listed(filter);
      expectEach(
        (c) => [filter, kept.has(c.id)],
        (c) => [filter, mirrorOf(c) === state],
      );
    }
  });

  it('is what the photo of its QR in chat says; a QR a gift replaced says it was given away', async () => {
    const photos = createQrPhotos({
      db: t.database.db,
      qrImages: { pngOf: async () => Buffer.alloc(0) },
      timeZone: 'Europe/Moscow',
    });
    const WORDS: Record<VisibleState, string> = {
      NOT_USED: 'Покажите этот QR партнеру',
      USED: 'купон погашен',
      EXPIRED: 'срок купона закончился',
      REFUND_PENDING: 'идет возврат денег',
      REFUNDED: 'деньги за купон возвращены',
      VOID: 'купон аннулирован',
      HELD: 'вы подарили купон',
    };
    const captions = new Map<string, unknown>();
    for (const c of combinations) {
      const now = await photos.caption(c.token, buyer.id);
      const old = c.oldToken && (await photos.caption(c.oldToken, earlier.id));
      captions.set(c.id, [now.includes(WORDS[mirrorOf(c)]), old?.includes(WORDS.HELD)]);
    }
    expectEach(
      (c) => captions.get(c.id),
      (c) => [true, c.gifted ? true : undefined],
    );
  });

  it('makes the offline kit revoke every QR that redeems nothing, but an expired one its QR dates itself, saying what became of it as a scan does', async () => {
    const { revoked, revokedWhy } = (await t.as(partner).get('/api/redemption/offline-kit')).json() as {
      revoked: string[];
      revokedWhy: Record<string, number[]>;
    };
    const whyAt = new Map(
      Object.entries(revokedWhy).flatMap(([why, places]) => places.map((place) => [place, why])),
    );
    const whyDead = (token: string) => {
      const place = revoked.indexOf(token);
      return place < 0 ? undefined : (whyAt.get(place) ?? 'USED');
    };
    expectEach(
      (c) => [whyDead(c.token), c.oldToken && whyDead(c.oldToken)],
      (c) => [
        ['NOT_USED', 'EXPIRED'].includes(mirrorOf(c)) ? undefined : scanStatusOf(mirrorOf(c)),
        c.gifted ? 'GIFTED_AWAY' : undefined,
      ],
    );
  });

  it('is what the expiry log records as expired: exactly the EXPIRED ones, once', async () => {
    expect(await recordExpiries(t.database.db)).toBe(
      combinations.filter((c) => mirrorOf(c) === 'EXPIRED').length,
    );
    expect(await recordExpiries(t.database.db)).toBe(0);
    const logged = await t.database.db
      .select({ subject: auditEvents.subject })
      .from(auditEvents)
      .where(eq(auditEvents.kind, 'coupon.expired'));
    const expired = new Set(logged.map((row) => row.subject));
    expectEach(
      (c) => expired.has(`purchase:${c.id}`),
      (c) => mirrorOf(c) === 'EXPIRED',
    );
  });

  it('counts in the reports exactly the USED ones as redeemed', async () => {
    const day = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString().slice(0, 10);
    const period = `from=${day(-30)}&to=${day(2)}`;
    const report = (await t.as(partner).get(`/api/reports/redemptions?${period}`)).json() as {
      rows: Array<{ purchasedCouponId: string }>;
    };
    const redeemed = new Set(report.rows.map((row) => row.purchasedCouponId));
    expectEach(
      (c) => redeemed.has(c.id),
      (c) => mirrorOf(c) === 'USED',
    );
    const settlement = (await t.as(admin).get(`/api/admin/settlement?${period}`)).json() as Array<{
      partnerId: number;
      redeemed: { count: number };
    }>;
    expect(settlement.find((row) => row.partnerId === partnerId)?.redeemed.count).toBe(
      combinations.filter((c) => mirrorOf(c) === 'USED').length,
    );
  });
});
