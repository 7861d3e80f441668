import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, lte, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, buyCoupon } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { auditEvents, notifications, purchasedCoupons, redemptions } from '../../db/schema.ts';
import { subjectOf } from '../audit/audit-log.ts';

let t: TestApp;
/** A second server process on the same database: the sync lands there. */
let second: TestApp;
const admin = telegramUser('one_admin');
const buyer = telegramUser('one_buyer');
const partner = telegramUser('one_partner');
let couponId: number;

beforeAll(async () => {
  const env = { ADMIN_USERNAMES: 'one_admin' };
  t = await createTestApp({ env, rateLimits: false });
  second = await createTestApp({ sameDatabaseAs: t, env, rateLimits: false });
  for (const app of [t, second])
    for (const u of [admin, buyer, partner]) app.botApi.members.set(u.id, 'member');
  couponId = (
    await addPartnerWithCoupons(t, admin, { companyName: 'Одна правда', spokesmanNickname: 'one_partner' }, [
      { price: 80, discount: 400 },
    ])
  ).couponIds[0] as number;
  await t.as(partner).get('/api/me');
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const tokenOf = async (id: string) =>
  (await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id)))[0]
    ?.qrToken as string;
const lastNotification = async () =>
  (await t.database.db.select({ id: max(notifications.id) }).from(notifications))[0]?.id ?? 0;

/** The messages queued after `since` (up to `until`): to whom, what, with which buttons; the coupon's id as «ID». */
async function queued(id: string, since: number, until = Number.MAX_SAFE_INTEGER) {
  const rows = await t.database.db
    .select()
    .from(notifications)
    .where(and(gt(notifications.id, since), lte(notifications.id, until)))
    .orderBy(asc(notifications.id));
  return rows.map((row) => ({
    kind: row.kind,
    chatId: row.chatId,
    text: row.text,
    buttons: JSON.stringify(row.buttons ?? null).replaceAll(id, 'ID'),
  }));
}

/** The coupon's audit rows and its redeem attempts: what, by whom. */
async function recordsOf(id: string) {
  const audit = await t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.subject, subjectOf.purchase(id)))
    .orderBy(asc(auditEvents.id));
  const attempts = await t.database.db
    .select()
    .from(redemptions)
    .where(eq(redemptions.purchasedCouponId, id));
  return {
    audit: audit
      .filter((row) => row.kind.startsWith('coupon.'))
      .map((row) => ({ kind: row.kind, actorId: row.actorId })),
    attempts: attempts.map((row) => ({ userId: row.userId, result: row.result })),
  };
}

describe('the one redeem operation', () => {
  it('has the same effects online on one process as synced from offline on another', async () => {
    const online = await buyCoupon(t, buyer, couponId);
    const offline = await buyCoupon(t, buyer, couponId);
    const before = await lastNotification();

    const redeemed = await t.as(partner).post(`/api/coupon/apply/${await tokenOf(online)}/one_partner`);
    expect(redeemed.json()).toBe('');
    const between = await lastNotification();
    const item = {
      nonce: randomBytes(16).toString('base64url'),
      qrToken: await tokenOf(offline),
      redeemedAt: new Date(Date.now() - 3 * 60_000).toISOString(),
    };
    const synced = await second.as(partner).post('/api/redemption/sync', { redemptions: [item] });
    expect(synced.json().results).toEqual([{ nonce: item.nonce, outcome: 'applied' }]);

    // The same messages to the same chats: the owner's «погашен» and the rating ask among them.
    const toldOnline = await queued(online, before, between);
    expect(await queued(offline, between)).toEqual(toldOnline);
    expect(toldOnline.map((row) => [row.kind, row.chatId])).toEqual(
      expect.arrayContaining([
        ['COUPON_REDEEMED', buyer.id],
        ['VISIT_RATING_ASKED', buyer.id],
      ]),
    );
    // The same audit rows and attempts; the synced one marked as made offline, at its moment.
    expect(await recordsOf(offline)).toEqual(await recordsOf(online));
    expect((await recordsOf(online)).audit).toEqual([
      { kind: 'coupon.issued', actorId: null },
      { kind: 'coupon.redeemed', actorId: partner.id },
    ]);
    const [offlineAudit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subject, subjectOf.purchase(offline)))
      .orderBy(asc(auditEvents.id))
      .then((rows) => rows.filter((row) => row.kind === 'coupon.redeemed'));
    expect(offlineAudit?.details).toEqual({ offline: true, nonce: item.nonce, redeemedAt: item.redeemedAt });

    // Delivered, the owner reads «погашен» once for each.
    await t.deliverNotifications();
    const redeemedTexts = t.botApi
      .sentMessages()
      .filter((m) => m.chatId === buyer.id && m.text.includes('погашен партнером'));
    expect(redeemedTexts).toHaveLength(2);
    expect(new Set(redeemedTexts.map((m) => m.text)).size).toBe(1);
  });

  it('refuses the same way online and synced: a used coupon, naming who and when to the device', async () => {
    const id = await buyCoupon(t, buyer, couponId);
    const token = await tokenOf(id);
    await t.as(partner).post(`/api/coupon/apply/${token}/one_partner`);

    const again = await second.as(partner).post(`/api/coupon/apply/${token}/one_partner`);
    expect([again.statusCode, again.json()]).toEqual([409, 'Купон не действителен']);
    const item = {
      nonce: randomBytes(16).toString('base64url'),
      qrToken: token,
      redeemedAt: new Date().toISOString(),
    };
    const synced = (await second.as(partner).post('/api/redemption/sync', { redemptions: [item] })).json();
    expect(synced.results[0]).toMatchObject({
      outcome: 'conflict',
      message: expect.stringContaining('Купон уже погасил @one_partner'),
    });
    expect((await recordsOf(id)).attempts.map((a) => a.result).sort()).toEqual([
      'ALREADY_USED',
      'ALREADY_USED',
      'REDEEMED',
    ]);
  });
});
