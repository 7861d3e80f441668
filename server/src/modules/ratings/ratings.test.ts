import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_TIME_ZONE } from '#contract/time-zone';
import type { SentMessage } from '../../../../test-support/fake-bot-api.ts';
import { addPartnerWithCoupons, buyCoupon, periodAroundToday } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { auditEvents, purchasedCoupons, visitRatings } from '../../db/schema.ts';
import { startTexts } from '../../messenger/texts.ts';
import type { TelegramUser } from '../../telegram/init-data.ts';
import { formatCouponDate } from '../purchased-coupons/qr.ts';

const PUBLIC_URL = 'https://coupons.example.ru';
const SECRET = 'webhook-secret-for-tests_0123456789';

let t: TestApp;
const admin = telegramUser('rate_admin');
const spokesman = telegramUser('rate_partner');
const buyers = [1, 2, 3, 4].map((n) => telegramUser(`rate_buyer_${n}`, `Гость ${n}`));
const stranger = telegramUser('rate_stranger');
let partnerId: number;
let couponId: number;
let nextUpdateId = 1;

const from = (user: TelegramUser) => ({
  id: user.id,
  first_name: user.firstName,
  ...(user.username ? { username: user.username } : {}),
});
const messagesTo = (user: TelegramUser) => t.botApi.sentMessages().filter((m) => m.chatId === user.id);
const lastAnswer = () => t.botApi.callbackAnswers().at(-1);

function postUpdate(update: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/telegram/webhook',
    headers: { 'x-telegram-bot-api-secret-token': SECRET },
    payload: { update_id: nextUpdateId++, ...update },
  });
}

/** The person taps a button of `message` (its callback data), as Telegram tells the bot. */
async function tap(user: TelegramUser, message: SentMessage, data: string) {
  const res = await postUpdate(t.botApi.callbackQuery(from(user), message, data));
  expect(res.statusCode).toBe(200);
  return lastAnswer();
}

/** The person answers the bot's message `to` with `text` (Telegram's reply, as force_reply makes it). */
function reply(user: TelegramUser, to: SentMessage, text: string) {
  return postUpdate({
    message: {
      message_id: 5000 + nextUpdateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: user.id, type: 'private', first_name: user.firstName },
      from: { ...from(user), is_bot: false },
      text,
      reply_to_message: {
        message_id: to.messageId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: user.id, type: 'private', first_name: user.firstName },
        from: { id: 4242424242, is_bot: true, first_name: 'Катайся с нами' },
        text: to.text,
      },
    },
  });
}

/** Bought, then redeemed by the partner; returns the coupon and the bot's question about the visit. */
async function visit(buyer: TelegramUser) {
  const id = await buyCoupon(t, buyer, couponId);
  const [row] = await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id));
  const redeemed = await t.as(spokesman).post(`/api/coupon/apply/${row?.qrToken}/rate_partner`);
  expect(redeemed.statusCode).toBe(200);
  await t.deliverNotifications();
  const question = messagesTo(buyer).find((m) => m.text.startsWith('Как прошло у партнера'));
  if (!question) throw new Error('the bot did not ask about the visit');
  return { id, question };
}

const listedPartner = async () =>
  (
    (await t.as(stranger).get('/api/partners/filter/Карелия/ШКОЛА')).json() as Array<{
      id: number;
      rating: unknown;
    }>
  ).find((p) => p.id === partnerId);

beforeAll(async () => {
  t = await createTestApp({
    env: { ADMIN_USERNAMES: 'rate_admin', PUBLIC_URL, TELEGRAM_WEBHOOK_SECRET: SECRET },
    rateLimits: false,
  });
  for (const user of [admin, spokesman, stranger, ...buyers]) {
    t.botApi.members.set(user.id, 'member');
    await t.as(user).get('/api/me');
  }
  ({
    partnerId,
    couponIds: [couponId = 0],
  } = await addPartnerWithCoupons(t, admin, { companyName: 'Порог', spokesmanNickname: 'rate_partner' }, [
    { price: 50, discount: 150 },
  ]));
});
afterAll(() => t.close());

describe('a rating after a visit', () => {
  it('is asked for by the bot after the redemption, with 1–5 buttons', async () => {
    const [buyer] = buyers as [TelegramUser];
    const { id, question } = await visit(buyer);
    expect(question.text).toBe(
      `Как прошло у партнера «Порог» (Карелия) ${formatCouponDate(new Date(), DEFAULT_REPORT_TIME_ZONE)}? Оцените визит от 1 до 5.`,
    );
    expect(question.replyMarkup?.inline_keyboard).toEqual([
      [1, 2, 3, 4, 5].map((n) => ({ text: `${n}`, callback_data: `rate:${id}:${n}` })),
    ]);
  });

  it('is recorded on a tap, answered on the button, and a comment is asked for with force_reply', async () => {
    const [buyer] = buyers as [TelegramUser];
    const question = messagesTo(buyer).find((m) => m.text.startsWith('Как прошло')) as SentMessage;
    const data = question.replyMarkup?.inline_keyboard?.[0]?.[3]?.callback_data as string;
    expect(await tap(buyer, question, data)).toMatchObject({
      text: 'Спасибо! Ваша оценка: 4 из 5.',
      showAlert: false,
    });

    const prompt = messagesTo(buyer).at(-1) as SentMessage;
    expect(prompt.text).toBe(
      'Хотите добавить отзыв о «Порог»? Ответьте на это сообщение. Отзыв увидит партнер.',
    );
    expect(prompt.replyMarkup).toEqual({ force_reply: true, input_field_placeholder: 'Ваш отзыв' });

    // Over the limit, the reply is refused with the limit named and nothing kept, not cut to fit.
    expect((await reply(buyer, prompt, 'а'.repeat(1001))).statusCode).toBe(200);
    expect(messagesTo(buyer).at(-1)?.text).toBe(
      'Отзыв длиннее 1000 символов: сократите его. Отзыв не сохранен: ответьте на вопрос еще раз, покороче.',
    );
    const [refused] = await t.database.db
      .select()
      .from(visitRatings)
      .where(eq(visitRatings.userId, buyer.id));
    expect(refused?.comment).toBeNull();

    expect((await reply(buyer, prompt, '  Отличный инструктор!  ')).statusCode).toBe(200);
    expect(messagesTo(buyer).at(-1)?.text).toBe('Спасибо, отзыв сохранен.');

    // A second tap changes the rating: still one per visit, and no second prompt.
    const sentBefore = messagesTo(buyer).length;
    const two = question.replyMarkup?.inline_keyboard?.[0]?.[1]?.callback_data as string;
    expect((await tap(buyer, question, two))?.text).toBe('Спасибо! Ваша оценка: 2 из 5.');
    expect(messagesTo(buyer)).toHaveLength(sentBefore);
    const rows = await t.database.db.select().from(visitRatings).where(eq(visitRatings.userId, buyer.id));
    expect(rows.map((r) => ({ stars: r.stars, comment: r.comment }))).toEqual([
      { stars: 2, comment: 'Отличный инструктор!' },
    ]);
  });

  it('is refused for a coupon not redeemed, and for someone else’s visit', async () => {
    const [owner, other] = buyers as [TelegramUser, TelegramUser];
    const unused = await buyCoupon(t, owner, couponId);
    await t.deliverNotifications();
    const anyMessage = messagesTo(owner).at(-1) as SentMessage;
    expect(await tap(owner, anyMessage, `rate:${unused}:5`)).toMatchObject({
      text: 'Оценить можно только купон, погашенный партнером.',
      showAlert: true,
    });

    const question = messagesTo(owner).find((m) => m.text.startsWith('Как прошло')) as SentMessage;
    const visited = question.replyMarkup?.inline_keyboard?.[0]?.[4]?.callback_data as string;
    expect(await tap(other, question, visited)).toMatchObject({
      text: 'Оценить визит может только владелец купона.',
      showAlert: true,
    });
    const rows = await t.database.db.select().from(visitRatings);
    expect(rows.map((r) => r.stars)).toEqual([2]);
  });

  it('answers a tap with stars out of 1–5 on its button, in Russian, and changes nothing', async () => {
    const [buyer] = buyers as [TelegramUser];
    const question = messagesTo(buyer).find((m) => m.text.startsWith('Как прошло')) as SentMessage;
    const five = question.replyMarkup?.inline_keyboard?.[0]?.[4]?.callback_data as string;
    const before = await t.database.db.select().from(visitRatings);
    const sentBefore = messagesTo(buyer).length;
    const answersBefore = t.botApi.callbackAnswers().length;

    for (const data of [
      five.replace(/5$/, '0'),
      five.replace(/5$/, '6'),
      five.replace(/5$/, '55'),
      'rate:',
    ]) {
      expect(await tap(buyer, question, data)).toMatchObject({
        text: 'Оценка ставится от 1 до 5: нажмите одну из кнопок под вопросом о визите.',
        showAlert: true,
      });
    }
    // Each tap answered on its own: none left spinning.
    expect(t.botApi.callbackAnswers()).toHaveLength(answersBefore + 4);
    expect(await t.database.db.select().from(visitRatings)).toEqual(before);
    expect(messagesTo(buyer)).toHaveLength(sentBefore);
  });

  it('may not be changed a week after the visit, nor commented', async () => {
    const [buyer] = buyers as [TelegramUser];
    const question = messagesTo(buyer).find((m) => m.text.startsWith('Как прошло')) as SentMessage;
    const prompt = messagesTo(buyer)
      .filter((m) => m.replyMarkup?.force_reply)
      .at(-1) as SentMessage;
    const [rating] = await t.database.db.select().from(visitRatings).where(eq(visitRatings.userId, buyer.id));
    await t.database.db
      .update(purchasedCoupons)
      .set({ redeemedAt: sql`now() - interval '8 days'` })
      .where(eq(purchasedCoupons.id, rating?.purchasedCouponId as string));
    expect(
      await tap(buyer, question, question.replyMarkup?.inline_keyboard?.[0]?.[4]?.callback_data as string),
    ).toMatchObject({
      text: 'Оценку можно поставить или изменить в течение 7 дней после визита.',
    });
    const sentBefore = messagesTo(buyer).length;
    await reply(buyer, prompt, 'Передумал');
    // Not taken for a comment: answered as any message the bot did not ask for.
    expect(
      messagesTo(buyer)
        .slice(sentBefore)
        .map((m) => m.text),
    ).toEqual([startTexts.written]);
    const [after] = await t.database.db.select().from(visitRatings).where(eq(visitRatings.userId, buyer.id));
    expect({ stars: after?.stars, comment: after?.comment }).toEqual({
      stars: 2,
      comment: 'Отличный инструктор!',
    });
  });

  it('shows the partner’s average in the partner list from the third rating on', async () => {
    expect((await listedPartner())?.rating).toBeNull();
    for (const [n, buyer] of buyers.slice(1, 3).entries()) {
      const { question } = await visit(buyer);
      await tap(
        buyer,
        question,
        question.replyMarkup?.inline_keyboard?.[0]?.[n + 3]?.callback_data as string,
      );
      // Two ratings (2 and 4): not shown yet; the third (5) shows the mean of all three.
      if (n === 0) expect((await listedPartner())?.rating).toBeNull();
    }
    expect((await listedPartner())?.rating).toEqual({ average: 3.7, count: 3 });
    const cards = (await t.as(admin).get('/api/admin/partners')).json() as Array<{
      id: number;
      rating: unknown;
    }>;
    expect(cards.find((card) => card.id === partnerId)?.rating).toEqual({ average: 3.7, count: 3 });
  });
});

describe('what the partner and the admin see', () => {
  it('the partner’s report carries ratings and comments; an admin hides a comment, audit-logged', async () => {
    const period = `${periodAroundToday()}&partnerId=${partnerId}`;
    const report = async () =>
      (await t.as(spokesman).get(`/api/reports/redemptions?${period}`)).json().rows as Array<{
        rating: number | null;
        comment: string | null;
        ratingId: number | null;
      }>;
    const commented = (await report()).find((row) => row.comment !== null);
    expect(commented).toMatchObject({ rating: 2, comment: 'Отличный инструктор!' });

    expect(
      (await t.as(spokesman).post(`/api/admin/ratings/${commented?.ratingId}/hide-comment`)).statusCode,
    ).toBe(403);
    expect(
      (await t.as(admin).post(`/api/admin/ratings/${commented?.ratingId}/hide-comment`)).statusCode,
    ).toBe(200);
    expect((await report()).find((row) => row.ratingId === commented?.ratingId)).toMatchObject({
      rating: 2,
      comment: null,
    });
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subject, `rating:${commented?.ratingId}`));
    expect(audit.map((e) => ({ kind: e.kind, actorId: e.actorId }))).toEqual([
      { kind: 'rating.comment_hidden', actorId: admin.id },
    ]);
    expect((await t.as(admin).post('/api/admin/ratings/999999/hide-comment')).statusCode).toBe(404);
  });
});

describe('ratings as personal data', () => {
  it('are in the person’s export and erased with them', async () => {
    const [buyer] = buyers as [TelegramUser];
    const data = (await t.as(buyer).get('/api/me/data')).json();
    expect(data.visitRatings).toEqual([
      { at: expect.any(String), companyName: 'Порог', stars: 2, comment: 'Отличный инструктор!' },
    ]);
    const erased = await t
      .as(buyer)
      .request({ method: 'DELETE', url: '/api/me', payload: { giveUpCoupons: true } });
    expect(erased.statusCode).toBe(204);
    expect(await t.database.db.select().from(visitRatings).where(eq(visitRatings.userId, buyer.id))).toEqual(
      [],
    );
    // Two ratings left: the average is no longer shown.
    expect((await listedPartner())?.rating).toBeNull();
  });
});

describe('a rating given in My QR', () => {
  const appBuyer = telegramUser('rate_app_buyer', 'Ася');

  it('is the same record as the bot’s buttons write: either changes it, one per visit', async () => {
    t.botApi.members.set(appBuyer.id, 'member');
    const { id, question } = await visit(appBuyer);
    const before = (await t.as(appBuyer).get(`/api/me/ratings/${id}`)).json();
    expect(before).toEqual({ rating: null, changeableUntil: expect.any(String) });
    // Seven days from the visit, give or take the test's own minute.
    const days = (Date.parse(before.changeableUntil) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    await tap(appBuyer, question, `rate:${id}:3`);
    expect((await t.as(appBuyer).get(`/api/me/ratings/${id}`)).json().rating).toEqual({
      stars: 3,
      comment: null,
    });

    const rated = await t.as(appBuyer).put(`/api/me/ratings/${id}`, { stars: 5, comment: '  Всё четко  ' });
    expect(rated.statusCode).toBe(200);
    expect(rated.json()).toEqual({ stars: 5, comment: 'Всё четко' });
    await tap(appBuyer, question, `rate:${id}:4`);
    const rows = await t.database.db
      .select()
      .from(visitRatings)
      .where(eq(visitRatings.purchasedCouponId, id));
    expect(rows).toEqual([expect.objectContaining({ stars: 4, comment: 'Всё четко', userId: appBuyer.id })]);

    // An empty comment takes it away; no comment at all leaves it.
    await t.as(appBuyer).put(`/api/me/ratings/${id}`, { stars: 4, comment: 'Снова' });
    expect((await t.as(appBuyer).put(`/api/me/ratings/${id}`, { stars: 2 })).json()).toEqual({
      stars: 2,
      comment: 'Снова',
    });
    expect((await t.as(appBuyer).put(`/api/me/ratings/${id}`, { stars: 2, comment: '' })).json()).toEqual({
      stars: 2,
      comment: null,
    });
  });

  it('refuses a comment over 1000 characters with the limit named, keeping nothing of it; 1000 is kept whole', async () => {
    const { id } = await visit(appBuyer);
    const long = await t.as(appBuyer).put(`/api/me/ratings/${id}`, { stars: 5, comment: 'б'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: 'Отзыв длиннее 1000 символов: сократите его.' });
    expect((await t.as(appBuyer).get(`/api/me/ratings/${id}`)).json().rating).toBeNull();

    // Spaces around it are not counted: it is kept trimmed.
    const whole = await t.as(appBuyer).put(`/api/me/ratings/${id}`, {
      stars: 5,
      comment: ` ${'б'.repeat(1000)} `,
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.json().comment).toBe('б'.repeat(1000));
  });

  it('is refused for someone else’s coupon, one not redeemed, and a week after the visit', async () => {
    const unused = await buyCoupon(t, appBuyer, couponId);
    const notRedeemed = await t.as(appBuyer).put(`/api/me/ratings/${unused}`, { stars: 5 });
    expect(notRedeemed.statusCode).toBe(409);
    expect(notRedeemed.json().message).toBe('Оценить можно только купон, погашенный партнером.');
    expect((await t.as(appBuyer).get(`/api/me/ratings/${unused}`)).json()).toEqual({
      rating: null,
      changeableUntil: null,
    });

    const [, other] = buyers as [TelegramUser, TelegramUser];
    const theirs = await t.as(other).get(`/api/me/ratings/${unused}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Такого купона нет среди ваших.');
    expect((await t.as(other).put(`/api/me/ratings/${unused}`, { stars: 1 })).statusCode).toBe(404);

    const { id } = await visit(appBuyer);
    await t.database.db
      .update(purchasedCoupons)
      .set({ redeemedAt: sql`now() - interval '8 days'` })
      .where(eq(purchasedCoupons.id, id));
    const late = await t.as(appBuyer).put(`/api/me/ratings/${id}`, { stars: 5, comment: 'Поздно' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Оценку можно поставить или изменить в течение 7 дней после визита.');
    const stars = await t.as(appBuyer).put(`/api/me/ratings/${id}`, { stars: 6 });
    expect(stars.statusCode).toBe(400);
  });
});
