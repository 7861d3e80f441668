import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMaxApi, startFakeMaxApi } from '../../../test-support/fake-max-api.ts';
import { addPartnerWithCoupons } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../test/harness.ts';
import { purchasedCoupons, visitRatings } from '../db/schema.ts';
import { type MaxUser, signMaxInitData } from './init-data.ts';

const TOKEN = 'max-test-token_0123456789abcdef';
const BOT_NAME = 'id7707083893_bot';
const COMMUNITY = '-70123456789012';

let maxApi: FakeMaxApi;
let t: TestApp;
let couponId: number;
const admin = telegramUser('season_admin');
const partner = telegramUser('porog_tg_partner');
const buyer: MaxUser = { id: 880001, username: 'max_paddler', firstName: 'Гребец', lastName: null };

beforeAll(async () => {
  maxApi = await startFakeMaxApi({ token: TOKEN, botName: BOT_NAME });
  t = await createTestApp({
    env: {
      ADMIN_USERNAMES: 'season_admin',
      MAX_BOT_TOKEN: TOKEN,
      MAX_BOT_NAME: BOT_NAME,
      MAX_COMMUNITY_CHAT_ID: COMMUNITY,
      MAX_API_ROOT: maxApi.apiRoot,
    },
  });
  maxApi.setChat(COMMUNITY, [{ user_id: buyer.id, first_name: buyer.firstName, username: buyer.username }]);
  ({
    couponIds: [couponId = 0],
  } = await addPartnerWithCoupons(
    t,
    admin,
    { companyName: 'Порог', spokesmanNickname: partner.username ?? '' },
    [{ price: 100, discount: 1000 }],
  ));
  // A dated offer, as a season's are: its QR goes to the chat as a picture.
  expect(
    (await t.as(admin).put(`/api/admin/coupons/${couponId}`, { validUntil: '2030-06-30' })).statusCode,
  ).toBe(200);
});
afterAll(async () => {
  await t.close();
  await maxApi.close();
});

/** A client acting as `person` opened in MAX: MAX-signed init data and the CSRF token on every call. */
async function inMax(person: MaxUser) {
  const csrf = (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json().token as string;
  const authorization = `max ${signMaxInitData(person, TOKEN)}`;
  return (method: InjectOptions['method'], url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, payload, headers: { authorization, 'x-xsrf-token': csrf } });
}

/** Buys the offer as `person` in MAX through the sandbox checkout; the coupon's id. */
async function buyInMax(person: MaxUser): Promise<string> {
  const call = await inMax(person);
  expect((await call('POST', '/api/me/consent')).statusCode).toBe(204);
  const start = await call('POST', `/api/payments/${couponId}`);
  expect(start.statusCode).toBe(200);
  const { paymentId, paymentUrl } = start.json();
  await t.app.inject({
    method: 'POST',
    url: `${paymentUrl}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const confirm = await call('POST', `/api/coupons/buy/${couponId}/${person.username}`, { paymentId });
  expect(confirm.statusCode).toBe(200);
  return confirm.json().purchasedCouponId as string;
}

const picturesTo = (person: MaxUser) =>
  maxApi
    .sentMessages()
    .filter((m) => m.userId === person.id && m.attachments.some((a) => a.type === 'image'));

describe('a MAX member’s season through MAX’s bot', () => {
  it('buys a coupon in MAX, gets its QR in the MAX chat, and a Telegram partner’s redeem edits its caption there', async () => {
    const call = await inMax(buyer);
    expect((await call('GET', '/api/me')).json()).toMatchObject({
      isChatMember: true,
      username: 'max_paddler',
    });
    expect((await call('POST', '/api/me/consent')).statusCode).toBe(204);
    const start = await call('POST', `/api/payments/${couponId}`);
    expect(start.statusCode).toBe(200);
    const { paymentId, paymentUrl } = start.json();
    await t.app.inject({
      method: 'POST',
      url: `${paymentUrl}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const confirm = await call('POST', `/api/coupons/buy/${couponId}/${buyer.username}`, { paymentId });
    expect(confirm.statusCode).toBe(200);
    const purchasedCouponId = confirm.json().purchasedCouponId as string;

    await t.deliverNotifications();
    const toBuyer = maxApi.sentMessages().filter((m) => m.userId === buyer.id);
    const qr = toBuyer.find((m) => m.attachments.some((a) => a.type === 'image'));
    expect(qr?.uploads[0]?.content.subarray(1, 4).toString()).toBe('PNG');
    expect(qr?.text).toContain('Порог');
    // Nothing of it went to Telegram: the buyer is MAX's.
    expect(t.botApi.sentPhotos()).toEqual([]);

    const [row] = await t.database.db
      .select({ qrToken: purchasedCoupons.qrToken })
      .from(purchasedCoupons)
      .where(eq(purchasedCoupons.id, purchasedCouponId));
    const redeem = await t.as(partner).post(`/api/coupon/apply/${row?.qrToken}/${partner.username}`);
    expect(redeem.statusCode).toBe(200);
    await t.deliverNotifications();
    const edited = maxApi.sentMessages().find((m) => m.mid === qr?.mid);
    expect(edited?.edits).toBeGreaterThan(0);
    expect(edited?.text).not.toBe(edited?.sentText);
    // The picture and its buttons stay under the new caption.
    expect(edited?.attachments.map((a) => a.type)).toEqual(qr?.attachments.map((a) => a.type));
  });

  it('gives a coupon to a friend by their MAX nickname: a member at once, someone not yet seen when they open the app', async () => {
    const friend: MaxUser = { id: 880002, username: 'max_friend', firstName: 'Друг', lastName: null };
    const later: MaxUser = { id: 880003, username: 'max_later', firstName: 'Позже', lastName: null };
    maxApi.setChat(
      COMMUNITY,
      [buyer, friend, later].map((p) => ({ user_id: p.id, first_name: p.firstName })),
    );
    await (await inMax(friend))('GET', '/api/me');
    const call = await inMax(buyer);

    const given = await buyInMax(buyer);
    const sent = await call('POST', `/api/coupons/buy/friend/${given}/${buyer.username}/${friend.username}`);
    expect(sent.json()).toMatchObject({ status: 'sent' });
    await t.deliverNotifications();
    expect(picturesTo(friend)).toHaveLength(1);

    const held = await buyInMax(buyer);
    const waiting = await call('POST', `/api/coupons/buy/friend/${held}/${buyer.username}/${later.username}`);
    expect(waiting.json()).toMatchObject({ status: 'held' });
    // A Telegram user of that name is someone else: opening the app claims nothing for them.
    await t.as(telegramUser('max_later')).get('/api/me');
    await (await inMax(later))('GET', '/api/me');
    await t.deliverNotifications();
    expect(picturesTo(later)).toHaveLength(1);
  });

  it('asks a MAX buyer about the visit with 1–5 buttons: a tap is answered in MAX, and a reply to the question is the comment', async () => {
    const rater: MaxUser = { id: 880004, username: 'max_rater', firstName: 'Оценщик', lastName: null };
    maxApi.setChat(COMMUNITY, [{ user_id: rater.id, first_name: rater.firstName }]);
    const id = await buyInMax(rater);
    const [row] = await t.database.db
      .select({ qrToken: purchasedCoupons.qrToken })
      .from(purchasedCoupons)
      .where(eq(purchasedCoupons.id, id));
    expect(
      (await t.as(partner).post(`/api/coupon/apply/${row?.qrToken}/${partner.username}`)).statusCode,
    ).toBe(200);
    await t.deliverNotifications();
    const question = maxApi
      .sentMessages()
      .find((m) => m.userId === rater.id && m.text?.startsWith('Как прошло у партнера'));
    const five = question?.attachments
      .flatMap((a) => a.payload?.buttons ?? [])
      .flat()
      .find((button) => button.text.includes('5'));
    if (!question || five?.type !== 'callback' || !five.payload) throw new Error('no 1–5 buttons in MAX');

    await t.app.background.start();
    try {
      const from = { user_id: rater.id, first_name: rater.firstName, username: rater.username };
      await maxApi.committed(maxApi.pushUpdate(maxApi.callback(from, question, five.payload)));
      expect(maxApi.answers.at(-1)?.notification).toMatch(/5 из 5/);
      const prompt = maxApi.sentMessages().findLast((m) => m.userId === rater.id);
      expect(prompt?.text).toMatch(/Порог/);
      await maxApi.committed(
        maxApi.pushUpdate({
          update_type: 'message_created',
          message: {
            sender: { ...from, is_bot: false },
            recipient: { chat_id: 9001, chat_type: 'dialog', user_id: rater.id },
            link: { type: 'reply', message: { mid: prompt?.mid } },
            body: { mid: 'mid.reply-of-rater', seq: 1, text: 'Отличный инструктор' },
          },
        }),
      );
    } finally {
      await t.app.background.stop();
    }
    const [rating] = await t.database.db
      .select({ stars: visitRatings.stars, comment: visitRatings.comment })
      .from(visitRatings)
      .where(eq(visitRatings.purchasedCouponId, id));
    expect(rating).toEqual({ stars: 5, comment: 'Отличный инструктор' });
  });

  it('keeps what MAX refused for a while (a flood, its side down) and sends it once MAX takes it, never twice', async () => {
    const patient: MaxUser = { id: 880005, username: 'max_patient', firstName: 'Терпеливый', lastName: null };
    maxApi.setChat(COMMUNITY, [{ user_id: patient.id, first_name: patient.firstName }]);
    maxApi.setRouteError('POST /messages', {
      status: 429,
      code: 'too.many.requests',
      message: 'Slow down',
      times: 1,
    });
    maxApi.setRouteError('POST /uploads', {
      status: 503,
      code: 'service.unavailable',
      message: 'Down',
      times: 1,
    });
    await buyInMax(patient);
    const first = await t.deliverNotifications();
    expect(first.retrying).toBeGreaterThan(0);
    expect(first.failed).toBe(0);
    // The upload refused first, the send then: each try waits its pause, the flood pausing all of MAX.
    for (const minutes of [5, 10]) {
      expect((await t.deliverNotifications(new Date(Date.now() + minutes * 60 * 1000))).failed).toBe(0);
    }
    const toPatient = maxApi.sentMessages().filter((m) => m.userId === patient.id);
    expect(toPatient.filter((m) => m.attachments.some((a) => a.type === 'image'))).toHaveLength(1);
    expect(toPatient.filter((m) => m.text?.startsWith('Оплата прошла'))).toHaveLength(1);
  });
});
