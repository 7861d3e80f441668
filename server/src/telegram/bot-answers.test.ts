import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATING_COMMENT_MAX } from '#contract/ratings';
import type { TStandInChat } from '#contract/stand-in-chat';
import { buyCoupon } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { coupons, partners, purchasedCoupons, visitRatings } from '../db/schema.ts';
import { DEMO_USERS } from '../db/seed/demo-users.ts';
import { startTexts } from '../messenger/texts.ts';
import { ratingBotTexts } from '../modules/ratings/texts.ts';
import type { TelegramUser } from './init-data.ts';

// The stand-in's Bot API: what a person types goes to the bot as Telegram would send it.
let t: TestApp;
const demo = (username: string): TelegramUser => {
  const user = DEMO_USERS.find((u) => u.username === username);
  if (!user) throw new Error(`no demo user ${username}`);
  return { id: user.id, username: user.username, firstName: user.firstName, lastName: null };
};
const buyer = demo('demo_member');
const partner = demo('demo_partner');

beforeAll(async () => {
  t = await createTestApp({ standIn: true });
});
afterAll(() => t.close());

const csrfToken = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json().token as string;
const post = async (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-xsrf-token': await csrfToken() } });
const chatOf = async (user: TelegramUser) =>
  (await t.app.inject({ method: 'GET', url: `/api/dev/chat/${user.id}` })).json() as TStandInChat;

/** What the bot answers `text` written (as a reply to `replyTo`, when given): its messages after it. */
async function answerTo(user: TelegramUser, text: string, replyTo?: number) {
  const before = (await chatOf(user)).messages.length;
  const written = await post(`/api/dev/chat/${user.id}/messages`, {
    text,
    ...(replyTo === undefined ? {} : { replyToMessageId: replyTo }),
  });
  expect(written.statusCode).toBe(204);
  return (await chatOf(user)).messages.slice(before + 1).map((m) => ({
    text: m.text,
    buttons: m.buttons.flat().map((b) => b.text),
  }));
}

describe('what the bot answers a person writing to it', () => {
  it.each([
    { written: '/start', answer: startTexts.start },
    { written: 'Здравствуйте! Где мой купон?', answer: startTexts.written },
    { written: '/help', answer: startTexts.written },
  ])('«$written»: in Russian, with a button into the app', async ({ written, answer }) => {
    await t.as(buyer).get('/api/me');
    expect(await answerTo(buyer, written)).toEqual([{ text: answer, buttons: [startTexts.openButton] }]);
  });

  it(`marks the stars chosen, and refuses a comment over ${RATING_COMMENT_MAX} characters with its limit, keeping the one before`, async () => {
    const [offer] = await t.database.db
      .select({ id: coupons.id })
      .from(coupons)
      .innerJoin(partners, eq(partners.id, coupons.partnerId))
      .where(and(like(partners.companyName, '%Порог%'), eq(coupons.status, 'ACCEPTED')));
    const id = await buyCoupon(t, buyer, offer?.id as number);
    const [row] = await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id));
    await t.as(partner).post(`/api/coupon/apply/${row?.qrToken}/${partner.username}`);
    await t.deliverNotifications();
    const question = (await chatOf(buyer)).messages.find((m) => m.text.includes('Оцените визит'));
    expect(
      (
        await post(`/api/dev/chat/${buyer.id}/callback`, {
          messageId: question?.messageId,
          data: `rate:${id}:4`,
        })
      ).statusCode,
    ).toBe(200);
    const stars = async () =>
      (await chatOf(buyer)).messages
        .find((m) => m.messageId === question?.messageId)
        ?.buttons.flat()
        .map((b) => b.text);
    expect(await stars()).toEqual(['1', '2', '3', '4 ✓', '5']);
    const prompt = (await chatOf(buyer)).messages.findLast((m) => m.forceReply);

    expect(await answerTo(buyer, 'Хорошо', prompt?.messageId)).toEqual([
      { text: ratingBotTexts.commentSaved, buttons: [] },
    ]);
    const [answer] = await answerTo(buyer, 'о'.repeat(RATING_COMMENT_MAX + 1), prompt?.messageId);
    expect(answer?.text).toContain(`${RATING_COMMENT_MAX} символов`);
    expect(answer?.text).toBe(ratingBotTexts.commentTooLong);
    // Changed: the mark moves, and no second question about a comment comes.
    expect(
      (
        await post(`/api/dev/chat/${buyer.id}/callback`, {
          messageId: question?.messageId,
          data: `rate:${id}:5`,
        })
      ).statusCode,
    ).toBe(200);
    expect(await stars()).toEqual(['1', '2', '3', '4', '5 ✓']);
    expect((await chatOf(buyer)).messages.filter((m) => m.forceReply)).toHaveLength(1);
    const [rating] = await t.database.db
      .select()
      .from(visitRatings)
      .where(eq(visitRatings.purchasedCouponId, id));
    expect(rating).toMatchObject({ stars: 5, comment: 'Хорошо' });
  });
});
