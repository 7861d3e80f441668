import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, buyCoupon, buyRefundingAndExpired } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { auditEvents, notifications, purchasedCoupons } from '../../db/schema.ts';

let t: TestApp;
const admin = telegramUser('off_admin');
const buyer = telegramUser('off_buyer');
const friend = telegramUser('off_friend');
const spokesman = telegramUser('off_spokesman');
const instructor = telegramUser('off_instructor');
const stranger = telegramUser('off_stranger');
let couponId: number;
let ownPartnerId: number;
let otherCouponId: number;

const nonce = () => randomBytes(16).toString('base64url');
const tokenOf = async (id: string) =>
  (await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id)))[0]
    ?.qrToken as string;
const sync = (user: typeof admin, redemptions: { nonce: string; qrToken: string; redeemedAt: string }[]) =>
  t.as(user).post('/api/redemption/sync', { redemptions });
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'off_admin' }, rateLimits: false });
  for (const user of [buyer, friend, spokesman, instructor, stranger])
    t.botApi.members.set(user.id, 'member');
  const own = await addPartnerWithCoupons(
    t,
    admin,
    { companyName: 'Берег', spokesmanNickname: 'off_spokesman' },
    [{ price: 75, discount: 250 }],
  );
  couponId = own.couponIds[0] as number;
  ownPartnerId = own.partnerId;
  otherCouponId = (
    await addPartnerWithCoupons(
      t,
      admin,
      { companyName: 'Другой берег', spokesmanNickname: 'off_stranger' },
      [{ price: 30, discount: 100 }],
    )
  ).couponIds[0] as number;
  for (const user of [spokesman, friend, stranger, admin]) await t.as(user).get('/api/me');
  await t.as(spokesman).put(`/api/partners/${own.partnerId}/staff`, { usernames: ['off_instructor'] });
  await t.as(instructor).get('/api/me');
});
afterAll(() => t.close());

describe('the offline kit', () => {
  it('gives the public keys and the company’s dead tokens, each with what became of it: used, gifted away (or held as a gift), refunded, its refund under way, void', async () => {
    const used = await buyCoupon(t, buyer, couponId);
    const usedToken = await tokenOf(used);
    await t.as(spokesman).post(`/api/coupon/apply/${usedToken}/off_spokesman`);
    const gifted = await buyCoupon(t, buyer, couponId);
    const giftedToken = await tokenOf(gifted);
    await t.as(buyer).post(`/api/coupons/buy/friend/${gifted}/off_buyer/off_friend`);
    const held = await buyCoupon(t, buyer, couponId);
    const heldToken = await tokenOf(held);
    await t.as(buyer).post(`/api/coupons/buy/friend/${held}/off_buyer/off_not_yet_here`);
    const refunded = await buyCoupon(t, buyer, couponId);
    await t.as(admin).post(`/api/admin/purchases/${refunded}/refund`);
    const { refunding } = await buyRefundingAndExpired(t, buyer, couponId);
    // Voided by an admin: only a purchase made on the buyer's word may be (void.test.ts).
    const voided = await buyCoupon(t, buyer, couponId);
    await t.database.db
      .update(purchasedCoupons)
      .set({ status: 'VOID' })
      .where(eq(purchasedCoupons.id, voided));
    const alive = await tokenOf(await buyCoupon(t, buyer, couponId));
    const foreignUsed = await buyCoupon(t, buyer, otherCouponId);
    await t.as(stranger).post(`/api/coupon/apply/${await tokenOf(foreignUsed)}/off_stranger`);

    const kit = (await t.as(instructor).get('/api/redemption/offline-kit')).json();

    expect(kit.publicKeys).toEqual([
      { kid: expect.any(String), key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    ]);
    const whyDead = (token: string) => {
      const place = kit.revoked.indexOf(token);
      if (place < 0) return 'alive';
      const [why] = Object.entries(kit.revokedWhy as Record<string, number[]>).find(([, places]) =>
        places.includes(place),
      ) ?? ['USED'];
      return why;
    };
    expect({
      used: whyDead(usedToken),
      gifted: whyDead(giftedToken),
      held: whyDead(heldToken),
      refunded: whyDead(await tokenOf(refunded)),
      refunding: whyDead(await tokenOf(refunding)),
      voided: whyDead(await tokenOf(voided)),
      alive: whyDead(alive),
    }).toEqual({
      used: 'USED',
      gifted: 'GIFTED_AWAY',
      held: 'GIFTED_AWAY',
      refunded: 'REFUNDED',
      refunding: 'REFUND_PENDING',
      voided: 'VOID',
      alive: 'alive',
    });
    // Each place named once, the used ones by none.
    const places = Object.values(kit.revokedWhy as Record<string, number[]>).flat();
    expect(new Set(places).size).toBe(places.length);
    expect(kit.revoked).toHaveLength(new Set(kit.revoked).size);
    expect(kit.revoked).not.toContain(await tokenOf(foreignUsed));
    expect(kit.partnerIds).toEqual([ownPartnerId]);
    // The names a QR leaves out, for its own company only.
    expect(kit.partners).toEqual([
      { id: ownPartnerId, companyName: 'Берег', region: expect.any(String), address: expect.any(String) },
    ]);
    expect(kit.timeZone).toBe('Europe/Moscow');
    const adminKit = (await t.as(admin).get('/api/redemption/offline-kit')).json();
    expect(adminKit.partnerIds).toBeNull();
    expect(adminKit.partners.map((partner: { companyName: string }) => partner.companyName)).toEqual(
      expect.arrayContaining(['Берег', 'Другой берег']),
    );
    expect((await t.as(buyer).get('/api/redemption/offline-kit')).statusCode).toBe(403);
  });
});

describe('syncing redemptions made with no signal', () => {
  it('is idempotent by nonce: the same nonce 20 times is one applied and 19 duplicates', async () => {
    const id = await buyCoupon(t, buyer, couponId);
    const item = { nonce: nonce(), qrToken: await tokenOf(id), redeemedAt: minutesAgo(30) };

    const answers = await Promise.all(Array.from({ length: 20 }, () => sync(instructor, [item])));

    const outcomes = answers.map((res) => res.json().results[0].outcome);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(19);
    const [row] = await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id));
    expect(row).toMatchObject({ status: 'USED', redeemedBy: instructor.id });
    expect(row?.redeemedAt?.toISOString()).toBe(item.redeemedAt);

    // Synced from offline, the visit is asked about as an online one is: once, with 1–5 buttons.
    await t.deliverNotifications();
    const asked = t.botApi
      .sentMessages()
      .filter(
        (m) => m.chatId === buyer.id && m.replyMarkup?.inline_keyboard?.[0]?.[0]?.callback_data?.includes(id),
      );
    expect(asked.map((m) => m.replyMarkup?.inline_keyboard?.[0]?.map((b) => b.callback_data))).toEqual([
      [1, 2, 3, 4, 5].map((n) => `rate:${id}:${n}`),
    ]);
  });

  it('two devices redeeming the same coupon offline: one applied, one conflict saying who and when, the admins told', async () => {
    const id = await buyCoupon(t, buyer, couponId);
    const token = await tokenOf(id);
    const first = (
      await sync(instructor, [{ nonce: nonce(), qrToken: token, redeemedAt: minutesAgo(20) }])
    ).json();
    const second = (
      await sync(spokesman, [{ nonce: nonce(), qrToken: token, redeemedAt: minutesAgo(10) }])
    ).json();

    expect(first.results[0].outcome).toBe('applied');
    expect(second.results[0]).toMatchObject({
      outcome: 'conflict',
      message: expect.stringContaining('Купон уже погасил @off_instructor'),
    });
    const conflicts = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'coupon.offline_conflict'), eq(auditEvents.subject, `purchase:${id}`)));
    expect(conflicts).toHaveLength(1);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'OFFLINE_CONFLICT'));
    expect(told.map((message) => message.chatId)).toContain(admin.id);
  });

  it('a coupon refunded meanwhile is a conflict', async () => {
    const id = await buyCoupon(t, buyer, couponId);
    const token = await tokenOf(id);
    expect((await t.as(admin).post(`/api/admin/purchases/${id}/refund`)).json()).toEqual({
      status: 'REFUNDED',
    });

    const res = (
      await sync(instructor, [{ nonce: nonce(), qrToken: token, redeemedAt: minutesAgo(5) }])
    ).json();

    expect(res.results[0]).toMatchObject({
      outcome: 'conflict',
      message: expect.stringContaining('вернули'),
    });
    expect(
      (await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id)))[0]?.status,
    ).toBe('REFUNDED');
  });

  it('a coupon whose refund is under way is a conflict; an expired one is refused, saying so', async () => {
    const { refunding, expired } = await buyRefundingAndExpired(t, buyer, couponId);

    const results = (
      await sync(instructor, [
        { nonce: nonce(), qrToken: await tokenOf(refunding), redeemedAt: minutesAgo(5) },
        { nonce: nonce(), qrToken: await tokenOf(expired), redeemedAt: minutesAgo(5) },
      ])
    ).json().results;

    expect(results[0]).toMatchObject({ outcome: 'conflict', message: expect.stringContaining('возвращают') });
    expect(results[1]).toMatchObject({
      outcome: 'refused',
      message: expect.stringContaining('срок действия истек'),
    });
  });

  it('another partner’s coupon, an impossible time and an unknown QR are refused, each said in words; undo works on a synced redemption', async () => {
    const foreign = await buyCoupon(t, buyer, otherCouponId);
    const mine = await buyCoupon(t, buyer, couponId);
    const results = (
      await sync(instructor, [
        { nonce: nonce(), qrToken: await tokenOf(foreign), redeemedAt: minutesAgo(1) },
        {
          nonce: nonce(),
          qrToken: await tokenOf(mine),
          redeemedAt: new Date(Date.now() + 3600_000).toISOString(),
        },
        { nonce: nonce(), qrToken: 'never-issued', redeemedAt: minutesAgo(1) },
      ])
    ).json().results;
    expect(results.map((r: { outcome: string; message: string }) => [r.outcome, r.message])).toEqual([
      ['refused', 'Это купон другого партнера: погасить его может только партнер, у которого он куплен.'],
      ['refused', 'Время погашения на устройстве неверное: проверьте часы телефона.'],
      ['refused', 'Купон не найден: этот QR недействителен.'],
    ]);

    const item = { nonce: nonce(), qrToken: await tokenOf(mine), redeemedAt: minutesAgo(1) };
    expect((await sync(instructor, [item])).json().results[0].outcome).toBe('applied');
    expect((await t.as(instructor).post(`/api/coupon/undo/${item.qrToken}`)).statusCode).toBe(200);
    expect(
      (await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, mine)))[0]?.status,
    ).toBe('NOT_USED');
  });
});
