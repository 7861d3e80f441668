import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '#contract/date-time';
import {
  addLimitedOffer,
  addPartnerWithCoupons,
  buyCoupon,
  expireCoupon,
  giveConsent,
  sandboxPayment,
} from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import {
  auditEvents,
  geoPoints,
  gifts,
  offerHolds,
  offerWaitlist,
  payments,
  purchasedCoupons,
  redemptions,
  users,
} from '../../db/schema.ts';
import { signInitData } from '../../telegram/init-data.ts';

let t: TestApp;
const admin = telegramUser('pv_admin');
const person = telegramUser('pv_erase_me', 'Феофилакт');
const friend = telegramUser('pv_friend');
const partner = telegramUser('pv_partner');
const invitee = telegramUser('pv_invitee');
const EMAIL = 'feofilakt@example.ru';
let couponId: number;

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as { rows: T[] }).rows;

/**
 * Every column of every table, read as text, that holds the person's username, name, e-mail or
 * Telegram id — but for the blank user row that lets them open the app again as someone new.
 */
async function columnsHoldingThePerson(): Promise<string[]> {
  const columns = await rowsOf<{ table_name: string; column_name: string }>(
    sql`SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' ORDER BY table_name, column_name`,
  );
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    // The blank row that keeps their next requests working, and how their messenger knows it.
    const blankRow =
      table === 'users'
        ? sql` AND ${sql.identifier('id')} <> ${person.id}`
        : table === 'messenger_identities'
          ? sql` AND ${sql.identifier('user_id')} <> ${person.id}`
          : sql``;
    const [hit] = await rowsOf<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM ${sql.identifier(table)}
      WHERE (${sql.identifier(column)}::text ILIKE ${'%pv_erase_me%'}
         OR ${sql.identifier(column)}::text ILIKE ${'%Феофилакт%'}
         OR ${sql.identifier(column)}::text ILIKE ${`%${EMAIL}%`}
         OR ${sql.identifier(column)}::text ~ ${`\\m${person.id}\\M`})${blankRow}`);
    if ((hit?.n ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'pv_admin,pv_erase_me' }, rateLimits: false });
  for (const user of [person, friend, partner, invitee]) t.botApi.members.set(user.id, 'member');
  couponId = (
    await addPartnerWithCoupons(t, admin, { companyName: 'Забытая', spokesmanNickname: 'pv_partner' }, [
      { price: 90, discount: 300 },
    ])
  ).couponIds[0] as number;
  await t.as(partner).get('/api/me');
  await t.as(friend).get('/api/me');
});
afterAll(() => t.close());

describe('consent', () => {
  it('a first payment is refused until consent is given, then the consent is kept with its edition', async () => {
    const refused = await t.as(person).post(`/api/payments/${couponId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'consent_required',
      message: expect.stringContaining('согласие'),
    });
    expect((await t.as(person).get('/api/me')).json().consentGiven).toBe(false);

    expect((await t.as(person).post('/api/me/consent')).statusCode).toBe(204);

    expect((await t.as(person).get('/api/me')).json().consentGiven).toBe(true);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(row?.consentEdition).toBe('2026-11-26.2');
    expect((await t.as(person).post(`/api/payments/${couponId}`, { email: EMAIL })).statusCode).toBe(200);
  });

  it('the policy’s details are public', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/privacy' });
    expect(res.json()).toMatchObject({
      edition: '2026-11-26.2',
      operator: { name: 'ИП Демо' },
      geoRetentionDays: 90,
    });
  });
});

describe('the person’s data', () => {
  let gifted: string;
  let held: string;
  let inviteCode: string;

  beforeAll(async () => {
    const used = await buyCoupon(t, person, couponId);
    gifted = await buyCoupon(t, person, couponId);
    await buyCoupon(t, person, couponId);
    held = await buyCoupon(t, person, couponId);
    await buyCoupon(t, friend, couponId);
    const [usedRow] = await t.database.db
      .select()
      .from(purchasedCoupons)
      .where(eq(purchasedCoupons.id, used));
    await t.as(partner).post(`/api/coupon/apply/${usedRow?.qrToken}/pv_partner`);
    await t.as(person).post(`/api/coupons/buy/friend/${gifted}/pv_erase_me/pv_friend`);
    // A gift waiting for a username nobody has used the app under yet.
    await t.as(person).post(`/api/coupons/buy/friend/${held}/pv_erase_me/pv_not_yet_here`);
    const { appLink } = (await t.as(person).post('/api/me/invite')).json();
    inviteCode = new URL(appLink).searchParams.get('startapp') as string;
    await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `tma ${signInitData(invitee, t.botToken, new Date(), inviteCode)}` },
    });
    await t.as(person).post('/api/geo/track', {
      lat: 61.8,
      lon: 34.3,
      accuracy: 10,
      ts: new Date().toISOString(),
      geoPointType: 'START',
    });
  });

  it('GET /api/me/data holds everything about the caller and nothing about anyone else', async () => {
    const data = (await t.as(person).get('/api/me/data')).json();
    expect(data.user).toMatchObject({
      id: person.id,
      username: 'pv_erase_me',
      firstName: 'Феофилакт',
      email: EMAIL,
      inviteCode: inviteCode.replace(/^ref_/, ''),
    });
    expect(data.user.consent.edition).toBe('2026-11-26.2');
    expect(data.payments).toHaveLength(5);
    expect(data.coupons.map((c: { status: string }) => c.status).sort()).toEqual([
      'HELD',
      'NOT_USED',
      'USED',
    ]);
    expect(data.gifts).toEqual(
      expect.arrayContaining([
        { at: expect.any(String), purchasedCouponId: gifted, direction: 'sent' },
        { at: expect.any(String), purchasedCouponId: held, direction: 'sent' },
      ]),
    );
    expect(data.geoPoints).toHaveLength(1);
    // The days they opened the app, which the season counts people by: today, once.
    expect(data.appOpenDays).toEqual([dayIn('Europe/Moscow', new Date())]);

    const friendData = (await t.as(friend).get('/api/me/data')).json();
    expect(friendData.payments).toHaveLength(1);
    expect(friendData.gifts[0]).toMatchObject({ purchasedCouponId: gifted, direction: 'received' });
    expect(JSON.stringify(friendData)).not.toContain('pv_erase_me');
    expect(JSON.stringify(friendData)).not.toContain(EMAIL);
  });

  it('a signed link downloads the same data as a file', async () => {
    const { url, fileName } = (await t.as(person).post('/api/me/data/link')).json();
    expect(fileName).toBe('moi-dannye.json');
    const file = await t.app.inject({ method: 'GET', url });
    expect(JSON.parse(file.body).user.email).toBe(EMAIL);
  });

  it('erasure first asks to give up unused coupons', async () => {
    const res = await t.as(person).request({ method: 'DELETE', url: '/api/me' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'unused_coupons',
      message: expect.stringContaining('«Забытая»'),
    });
    expect((await t.database.db.select().from(users).where(eq(users.id, person.id)))[0]?.email).toBe(EMAIL);
  });

  it('erasure leaves no personal data in any table and keeps the money records under an anonymous id', async () => {
    expect(await columnsHoldingThePerson()).toEqual(
      expect.arrayContaining([
        'payments.user_id',
        'geo_points.user_id',
        'app_opens.user_id',
        'notifications.text',
        'audit_events.actor_id',
        'users.invited_by',
      ]),
    );
    const paymentsBefore = (await t.database.db.select({ n: count() }).from(payments))[0]?.n;
    const res = await t.as(person).request({
      method: 'DELETE',
      url: '/api/me',
      payload: { giveUpCoupons: true },
    });
    expect(res.statusCode).toBe(204);

    expect(await columnsHoldingThePerson()).toEqual([]);
    // Whom they invited came through nobody; the gift that waited is canceled, its addressee unnamed.
    // Nor does anyone else's link take them over afterwards: who brought them was said once.
    const { appLink } = (await t.as(friend).post('/api/me/invite')).json();
    const friendsLink = new URL(appLink).searchParams.get('startapp') as string;
    await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `tma ${signInitData(invitee, t.botToken, new Date(), friendsLink)}` },
    });
    const [invited] = await t.database.db.select().from(users).where(eq(users.id, invitee.id));
    expect(invited?.invitedBy).toBeNull();
    const theirGifts = await t.database.db
      .select()
      .from(gifts)
      .where(sql`${gifts.purchasedCouponId} IN (${gifted}, ${held})`);
    expect(theirGifts.map((gift) => gift.toUsername)).toEqual([null, null]);
    expect(theirGifts.find((gift) => gift.purchasedCouponId === held)?.status).toBe('CANCELED');
    const [heldCoupon] = await t.database.db
      .select()
      .from(purchasedCoupons)
      .where(eq(purchasedCoupons.id, held));
    expect(heldCoupon?.status).toBe('NOT_USED');

    const [blank] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(blank).toMatchObject({
      username: null,
      firstName: '',
      lastName: null,
      email: null,
      consentEdition: null,
    });
    expect((await t.database.db.select({ n: count() }).from(payments))[0]?.n).toBe(paymentsBefore);
    // node-postgres reads a bigint as a string, PGlite as a number.
    const [anonymous] = await rowsOf<{ user_id: number | string }>(
      sql`SELECT DISTINCT user_id FROM payments WHERE user_id < 0`,
    );
    const anonymousId = Number(anonymous?.user_id);
    expect(anonymousId).toBeLessThan(0);
    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.actorId, anonymousId));
    expect(events.map((event) => event.kind)).toContain('payment.started');
  });

  it('the same Telegram user opening the app again starts fresh', async () => {
    const me = (await t.as(person).get('/api/me')).json();
    expect(me).toMatchObject({ username: 'pv_erase_me', consentGiven: false, email: null });
    const data = (await t.as(person).get('/api/me/data')).json();
    expect(data).toMatchObject({ payments: [], coupons: [], gifts: [], geoPoints: [], redeemAttempts: [] });
    expect((await t.as(person).post(`/api/payments/${couponId}`)).statusCode).toBe(403);
  });
});

describe('places in lines and units held', () => {
  const liner = telegramUser('pv_liner', 'Очередник');
  const payer = telegramUser('pv_payer');
  const next = telegramUser('pv_next');
  let line: number;
  let held: number;
  let heldPayment: string;
  const dataOf = async (who: typeof liner) => (await t.as(who).get('/api/me/data')).json();

  beforeAll(async () => {
    for (const user of [liner, payer, next]) {
      t.botApi.members.set(user.id, 'member');
      await giveConsent(t, user);
    }
    const { partnerId } = await addPartnerWithCoupons(t, admin, { companyName: 'Очередь' });
    // One coupon, held for the payer's payment: the liner and then the next person wait in its line.
    line = await addLimitedOffer(t, admin, partnerId, { quantity: 1 });
    expect((await t.as(payer).post(`/api/payments/${line}`)).statusCode).toBe(200);
    for (const who of [liner, next])
      expect((await t.as(who).post(`/api/offers/${line}/waitlist`)).statusCode).toBe(200);
    // Another offer's only coupon, held for the liner's own payment under way.
    held = await addLimitedOffer(t, admin, partnerId, { quantity: 1 });
    const start = await t.as(liner).post(`/api/payments/${held}`);
    expect(start.statusCode).toBe(200);
    heldPayment = start.json().paymentId;
  });

  it('«Мои данные» lists the person’s places (position, joined, held until) and the units held for their payments', async () => {
    const data = await dataOf(liner);
    expect(data.waitlistPlaces).toEqual([
      {
        companyName: 'Очередь',
        discount: 900,
        position: 1,
        joinedAt: expect.any(String),
        heldUntil: null,
      },
    ]);
    expect(data.offerHolds).toEqual([
      {
        paymentId: heldPayment,
        companyName: 'Очередь',
        discount: 900,
        heldAt: expect.any(String),
        heldUntil: expect.any(String),
      },
    ]);
    expect(Date.parse(data.offerHolds[0].heldUntil)).toBeGreaterThan(Date.now());
    expect((await dataOf(next)).waitlistPlaces[0]).toMatchObject({ position: 2, heldUntil: null });
    expect((await dataOf(payer)).waitlistPlaces).toEqual([]);

    // The payer gives up: the unit is held for the liner, first in line, who has no position now.
    const [payment] = (await dataOf(payer)).payments;
    await sandboxPayment(t, payment.id, 'cancel');
    const [place] = (await dataOf(liner)).waitlistPlaces;
    expect(place.position).toBeNull();
    expect(Date.parse(place.heldUntil)).toBeGreaterThan(Date.now());
    expect((await dataOf(next)).waitlistPlaces[0]).toMatchObject({ position: 1, heldUntil: null });
  });

  it('erasure removes their places, at once handing the unit held for them to the next, and keeps their hold under the anonymous id', async () => {
    const res = await t.as(liner).request({ method: 'DELETE', url: '/api/me', payload: {} });
    expect(res.statusCode).toBe(204);

    const places = await t.database.db.select().from(offerWaitlist).where(eq(offerWaitlist.couponId, line));
    expect(places.map((place) => place.userId)).toEqual([next.id]);
    expect(places[0]?.heldUntil).not.toBeNull();
    await t.deliverNotifications();
    expect(
      t.botApi.sentMessages().some((m) => m.chatId === next.id && m.text.startsWith('Освободился купон')),
    ).toBe(true);

    // The hold is part of a payment (a money record): it stays, no longer naming them.
    const [hold] = await t.database.db.select().from(offerHolds).where(eq(offerHolds.paymentId, heldPayment));
    expect(Number(hold?.userId)).toBeLessThan(0);
    const [naming] = await rowsOf<{ n: number }>(
      sql`SELECT ((SELECT count(*) FROM offer_waitlist WHERE user_id = ${liner.id})
        + (SELECT count(*) FROM offer_holds WHERE user_id = ${liner.id}))::int AS n`,
    );
    expect(naming?.n).toBe(0);
    expect(await dataOf(liner)).toMatchObject({ waitlistPlaces: [], offerHolds: [] });
  });
});

describe('erasure of a person whose coupon is past its last day', () => {
  it('asks them to give up nothing: an expired coupon is not an unused one', async () => {
    const late = telegramUser('pv_late');
    t.botApi.members.set(late.id, 'member');
    await expireCoupon(t, await buyCoupon(t, late, couponId));

    const res = await t.as(late).request({ method: 'DELETE', url: '/api/me' });
    expect(res.statusCode).toBe(204);
  });
});

describe('retention', () => {
  it('deletes geo points past GEO_RETENTION_DAYS and redeem attempts past a year, nothing newer', async () => {
    const point = (daysAgo: number) => ({
      userId: admin.id,
      lat: 50,
      lon: 80,
      accuracy: 5,
      type: 'PART' as const,
      ts: sql`now() - make_interval(days => ${daysAgo})`,
    });
    await t.as(admin).get('/api/me');
    await t.database.db.insert(geoPoints).values([point(91), point(89), point(1)]);
    const attempt = (daysAgo: number) => ({
      qrToken: `old-${daysAgo}`,
      userId: admin.id,
      result: 'UNKNOWN_TOKEN' as const,
      createdAt: sql`now() - make_interval(days => ${daysAgo})`,
    });
    await t.database.db.insert(redemptions).values([attempt(366), attempt(364)]);

    expect(await t.app.maintenance.sweeps.retention()).toEqual({ geoPoints: 1, redeemAttempts: 1 });
    expect(await t.app.maintenance.sweeps.retention()).toEqual({ geoPoints: 0, redeemAttempts: 0 });
    const left = await t.database.db.select().from(geoPoints).where(eq(geoPoints.userId, admin.id));
    expect(left).toHaveLength(2);
    const tokens = (await t.database.db.select().from(redemptions)).map((row) => row.qrToken);
    expect(tokens).toContain('old-364');
    expect(tokens).not.toContain('old-366');
  });
});
