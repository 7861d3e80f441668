import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, buyCoupon } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { notifications, purchasedCoupons } from '../../db/schema.ts';
import { ratingButtons } from '../ratings/rating-buttons.ts';

const PUBLIC_URL = 'https://coupons.example.ru';
/** The 1–5 of a visit as Telegram gets them: callback buttons. */
const telegramRatingRow = (purchasedCouponId: string) =>
  [1, 2, 3, 4, 5].map((stars) => ({ text: `${stars}`, callback_data: `rate:${purchasedCouponId}:${stars}` }));
const WINDOW_S = 60;
const coupon = { companyName: 'Порог', discount: 500, region: 'Карелия' };
const admin = telegramUser('group_admin');
const MY_QR = { text: 'Мои QR', web_app: { url: `${PUBLIC_URL}/my-coupons` } };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { PUBLIC_URL, BOT_GROUP_SECONDS: String(WINDOW_S), ADMIN_USERNAMES: 'group_admin' },
    rateLimits: false,
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(notifications);
});

/** `s` seconds from now, as a worker's clock would read then. */
const inSeconds = (s: number) => new Date(Date.now() + s * 1000);

const messagesTo = (app: TestApp, chatId: number) =>
  app.botApi.sentMessages().filter((m) => m.chatId === chatId);

describe('messages not answering the person’s own action are grouped', () => {
  it('three due within the window go as one message naming each, with their buttons once each', async () => {
    const friend = telegramUser('group_friend');
    const notify = t.app.telegram.notifications;
    const purchasedCouponId = '00000000-0000-4000-8000-000000000001';
    await notify.notify('GIFT_RECEIVED', { giftId: 501, toUserId: friend.id, fromUsername: 'giver', coupon });
    await notify.notify('COUPON_REDEEMED', { redemptionId: 502, ownerId: friend.id, coupon });
    await notify.notify('VISIT_RATING_ASKED', {
      purchasedCouponId,
      ownerId: friend.id,
      coupon,
      visitedOn: '07.12.2026',
      buttons: ratingButtons(purchasedCouponId),
    });

    expect(await t.deliverNotifications(inSeconds(WINDOW_S - 5))).toMatchObject({ claimed: 0 });
    expect(messagesTo(t, friend.id)).toEqual([]);

    expect(await t.deliverNotifications(inSeconds(WINDOW_S + 1))).toMatchObject({ claimed: 3, sent: 3 });
    const sent = messagesTo(t, friend.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toBe(
      [
        'Подарок от @giver: купон «Порог» (Карелия) на скидку 500 руб.\nQR уже в разделе «Мои QR».',
        'Ваш купон «Порог» (Карелия) на скидку 500 руб. погашен партнером.\n' +
          'Как прошло у партнера «Порог» (Карелия) 07.12.2026? Оцените визит от 1 до 5.',
      ].join('\n\n'),
    );
    // «Мои QR» of the gift and of the redemption is one button; the 1–5 of the visit stay.
    expect(sent[0]?.replyMarkup?.inline_keyboard).toEqual([[MY_QR], telegramRatingRow(purchasedCouponId)]);
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.chatId, friend.id));
    expect(rows.map((row) => row.sentAt !== null)).toEqual([true, true, true]);
    // Kept as text: not every messenger's message ids are numbers.
    expect(new Set(rows.map((row) => row.messageId))).toEqual(new Set([String(sent[0]?.messageId)]));
  });

  it('an answer to the person’s own action goes at once, past a grouped one still waiting', async () => {
    const buyer = telegramUser('group_buyer');
    const notify = t.app.telegram.notifications;
    await notify.notify('COUPON_REDEEMED', { redemptionId: 511, ownerId: buyer.id, coupon });
    await notify.notify('PURCHASE_CONFIRMED', {
      purchasedCouponId: '00000000-0000-4000-8000-000000000011',
      buyerId: buyer.id,
      coupon,
    });

    await t.deliverNotifications();
    expect(messagesTo(t, buyer.id).map((m) => m.text)).toEqual([
      expect.stringMatching(/^Оплата прошла, купон ваш: «Порог»/),
    ]);

    await t.deliverNotifications(inSeconds(WINDOW_S + 1));
    expect(messagesTo(t, buyer.id).map((m) => m.text)).toEqual([
      expect.stringMatching(/^Оплата прошла/),
      'Ваш купон «Порог» (Карелия) на скидку 500 руб. погашен партнером.',
    ]);
  });

  it('money back: told at once when the owner asked for it, grouped when an admin gave it', async () => {
    const buyer = telegramUser('group_refunding_buyer');
    for (const u of [admin, buyer]) t.botApi.members.set(u.id, 'member');
    const [offer] = (
      await addPartnerWithCoupons(t, admin, { companyName: 'Возврат', spokesmanNickname: 'group_refunder' }, [
        { price: 100, discount: 600 },
      ])
    ).couponIds;
    const own = await buyCoupon(t, buyer, offer as number);
    const byAdmin = await buyCoupon(t, buyer, offer as number);
    await t.deliverNotifications();
    const before = messagesTo(t, buyer.id).length;
    const refunded =
      'Деньги за купон «Возврат» (Карелия) на скидку 600 руб. возвращены: 100 руб. Купон больше не действует.';

    expect((await t.as(buyer).post(`/api/me/coupons/${own}/refund`)).statusCode).toBe(200);
    expect((await t.as(admin).post(`/api/admin/purchases/${byAdmin}/refund`)).statusCode).toBe(200);
    await t.deliverNotifications();
    expect(
      messagesTo(t, buyer.id)
        .slice(before)
        .map((m) => m.text),
    ).toEqual([refunded]);

    await t.deliverNotifications(inSeconds(WINDOW_S + 1));
    expect(
      messagesTo(t, buyer.id)
        .slice(before)
        .map((m) => m.text),
    ).toEqual([refunded, refunded]);
  });

  it('a request decided before its «new request» went out is withdrawn: the admins hear nothing stale', async () => {
    const spokesman = telegramUser('group_requesting_partner');
    const { partnerId } = await addPartnerWithCoupons(t, admin, {
      companyName: 'Заявка',
      spokesmanNickname: 'group_requesting_partner',
    });
    await t.as(spokesman).get('/api/me');
    expect(
      (await t.as(spokesman).post('/api/coupon/apply', { partnerId, price: 100, discount: 900 })).statusCode,
    ).toBe(200);
    const [request] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'COUPON_REQUESTED'), eq(notifications.chatId, admin.id)));
    expect(request?.sentAt).toBeNull();
    expect((await t.as(admin).post(`/api/coupon/apply/reject/${request?.eventKey}`)).statusCode).toBe(200);

    await t.deliverNotifications(inSeconds(WINDOW_S + 1));
    expect(messagesTo(t, admin.id).filter((m) => m.text.includes('«Заявка»'))).toEqual([]);
    expect(messagesTo(t, spokesman.id).map((m) => m.text)).toEqual([
      'Заявка на купон «Заявка» (цена 100 руб., скидка 900 руб.) отклонена.',
    ]);
  });

  it('two asks to rate two visits are two messages: one keyboard of 1–5 could not say which visit', async () => {
    const owner = telegramUser('group_two_visits');
    const notify = t.app.telegram.notifications;
    for (const id of ['00000000-0000-4000-8000-000000000021', '00000000-0000-4000-8000-000000000022']) {
      await notify.notify('VISIT_RATING_ASKED', {
        purchasedCouponId: id,
        ownerId: owner.id,
        coupon,
        visitedOn: '07.12.2026',
        buttons: ratingButtons(id),
      });
    }
    await t.deliverNotifications(inSeconds(WINDOW_S + 1));
    expect(messagesTo(t, owner.id).map((m) => m.replyMarkup?.inline_keyboard)).toEqual([
      [telegramRatingRow('00000000-0000-4000-8000-000000000021')],
      [telegramRatingRow('00000000-0000-4000-8000-000000000022')],
    ]);
  });

  it('two server processes send each group exactly once', async () => {
    const second = await createTestApp({
      sameDatabaseAs: t,
      env: { PUBLIC_URL, BOT_GROUP_SECONDS: String(WINDOW_S) },
    });
    try {
      const people = Array.from({ length: 6 }, (_, n) => telegramUser(`group_twice_${n}`));
      for (const [n, person] of people.entries()) {
        for (const redemptionId of [600 + 3 * n, 601 + 3 * n, 602 + 3 * n]) {
          await t.app.telegram.notifications.notify('COUPON_REDEEMED', {
            redemptionId,
            ownerId: person.id,
            coupon,
          });
        }
      }
      const at = inSeconds(WINDOW_S + 1);
      const [one, two] = await Promise.all([t.deliverNotifications(at), second.deliverNotifications(at)]);
      expect(one.sent + two.sent).toBe(18);

      for (const person of people) {
        const sent = [...messagesTo(t, person.id), ...messagesTo(second, person.id)];
        expect(sent).toHaveLength(1);
        expect(sent[0]?.text.split('\n\n')).toHaveLength(3);
      }
    } finally {
      await second.close();
    }
  });

  it('a redemption undone within the window is never told; the next is told with its ask to rate, in one paragraph', async () => {
    const buyer = telegramUser('group_redeemed_buyer');
    const partner = telegramUser('group_partner');
    for (const u of [admin, buyer, partner]) t.botApi.members.set(u.id, 'member');
    const [offer] = (
      await addPartnerWithCoupons(t, admin, { companyName: 'Группа', spokesmanNickname: 'group_partner' }, [
        { price: 150, discount: 750 },
      ])
    ).couponIds;
    await t.as(partner).get('/api/me');
    const id = await buyCoupon(t, buyer, offer as number);
    const [row] = await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id));
    const token = row?.qrToken as string;
    await t.deliverNotifications();
    const before = messagesTo(t, buyer.id).length;

    expect((await t.as(partner).post(`/api/coupon/apply/${token}/group_partner`)).statusCode).toBe(200);
    expect((await t.as(partner).post(`/api/coupon/undo/${token}`)).statusCode).toBe(200);
    await t.deliverNotifications(inSeconds(WINDOW_S + 1));
    expect(messagesTo(t, buyer.id).slice(before)).toEqual([]);

    expect((await t.as(partner).post(`/api/coupon/apply/${token}/group_partner`)).statusCode).toBe(200);
    await t.deliverNotifications(inSeconds(WINDOW_S + 1));
    expect(
      messagesTo(t, buyer.id)
        .slice(before)
        .map((m) => m.text),
    ).toEqual([
      expect.stringMatching(
        /^Ваш купон «Группа» \(Карелия\) на скидку 750 руб\., купленный \d\d\.\d\d\.\d{4}, погашен партнером\.\nКак прошло у партнера «Группа» \(Карелия\) \d\d\.\d\d\.\d{4}\? Оцените визит от 1 до 5\.$/,
      ),
    ]);
  });
});
