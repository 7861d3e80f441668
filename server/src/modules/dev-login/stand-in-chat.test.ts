import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStandInChat, TStandInMessage } from '#contract/stand-in-chat';
import { decodeQrPng } from '../../../test/decode-qr.ts';
import { buyCoupon } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { coupons, partners, purchasedCoupons, visitRatings } from '../../db/schema.ts';
import { DEMO_USERS } from '../../db/seed/demo-users.ts';
import type { TelegramUser } from '../../telegram/init-data.ts';

let t: TestApp;
const demo = (username: string): TelegramUser => {
  const user = DEMO_USERS.find((u) => u.username === username);
  if (!user) throw new Error(`no demo user ${username}`);
  return { id: user.id, username: user.username, firstName: user.firstName, lastName: null };
};
const member = demo('demo_member');
const partner = demo('demo_partner');
const admin = demo('demo_admin');
let couponId: number;

beforeAll(async () => {
  t = await createTestApp({ standIn: true });
  const [offer] = await t.database.db
    .select({ id: coupons.id })
    .from(coupons)
    .innerJoin(partners, eq(partners.id, coupons.partnerId))
    .where(and(like(partners.companyName, '%Порог%'), eq(coupons.status, 'ACCEPTED')));
  if (!offer) throw new Error('the demo data has no coupon of «Порог»');
  couponId = offer.id;
});
afterAll(() => t.close());

const chatOf = async (user: TelegramUser, since?: number) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dev/chat/${user.id}${since === undefined ? '' : `?since=${since}`}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as TStandInChat;
};
const csrfToken = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json().token as string;
const post = async (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-xsrf-token': await csrfToken() } });
const find = (chat: TStandInChat, start: string) => {
  const message = chat.messages.find((m) => m.text.startsWith(start));
  if (!message) throw new Error(`no message starting «${start}» in ${JSON.stringify(chat.messages)}`);
  return message;
};
/** The photo of the coupon of «Порог» the member buys here (the demo gave her another before). */
const porogPhoto = (chat: TStandInChat) =>
  chat.messages.find((m) => m.photoUrl && m.text.includes('Рафт-школа «Порог»'));
const press = (user: TelegramUser, message: TStandInMessage, data: string) =>
  post(`/api/dev/chat/${user.id}/callback`, { messageId: message.messageId, data });

describe('«Чат с ботом» in the local stand-in', () => {
  let purchasedCouponId: string;

  it('shows what the bot sends through its own Bot API: the text, and the QR as a photo under a button into the app', async () => {
    purchasedCouponId = await buyCoupon(t, member, couponId);
    await t.app.qrImages.settled();
    expect(await t.deliverNotifications()).toMatchObject({ failed: 0, retrying: 0 });

    const chat = await chatOf(member);
    expect(chat.botUsername).toBe('katajsya_local_bot');
    const confirmed = find(chat, 'Оплата прошла, купон ваш: «Рафт-школа «Порог»»');
    const photo = porogPhoto(chat);
    expect(photo?.buttons.flat()).toEqual([
      expect.objectContaining({ text: 'Мои QR', webApp: true, url: expect.stringMatching(/\/my-coupons$/) }),
    ]);
    // Newest last, as the chat reads.
    expect(chat.messages.map((m) => m.messageId)).toEqual(
      [...chat.messages.map((m) => m.messageId)].sort((a, b) => a - b),
    );
    expect(confirmed.from).toBe('bot');

    const png = await t.app.inject({ method: 'GET', url: photo?.photoUrl ?? '' });
    expect(png.headers['content-type']).toBe('image/png');
    const [row] = await t.database.db
      .select({ qrToken: purchasedCoupons.qrToken })
      .from(purchasedCoupons)
      .where(eq(purchasedCoupons.id, purchasedCouponId));
    expect(await decodeQrPng(png.rawPayload)).toContain(row?.qrToken);
  });

  it('answers a read waiting for news as soon as the bot says something, with the caption edited after the visit', async () => {
    const before = await chatOf(member);
    const waiting = chatOf(member, before.version);
    const [row] = await t.database.db
      .select({ qrToken: purchasedCoupons.qrToken })
      .from(purchasedCoupons)
      .where(eq(purchasedCoupons.id, purchasedCouponId));
    const redeemed = await t.as(partner).post(`/api/coupon/apply/${row?.qrToken}/${partner.username}`);
    expect(redeemed.statusCode).toBe(200);
    await t.deliverNotifications();

    expect((await waiting).version).toBeGreaterThan(before.version);
    const after = await chatOf(member);
    const photo = porogPhoto(after);
    expect(photo?.editedAt).toBeDefined();
    expect(photo?.text).not.toBe(porogPhoto(before)?.text);
    expect(find(after, 'Ваш купон «Рафт-школа «Порог»»').text).toMatch(/погашен/);
    expect(
      find(after, 'Как прошло у партнера')
        .buttons.flat()
        .map((b) => b.text),
    ).toEqual(['1', '2', '3', '4', '5']);
  });

  it('sends a tap on 5 through the bot’s own handler, then takes the reply to its prompt as the comment', async () => {
    const question = find(await chatOf(member), 'Как прошло у партнера');
    const tapped = await press(member, question, `rate:${purchasedCouponId}:5`);
    expect(tapped.statusCode).toBe(200);
    expect(tapped.json().answer).toMatchObject({ text: expect.stringContaining('5'), showAlert: false });

    const prompt = (await chatOf(member)).messages.find((m) => m.forceReply);
    expect(prompt?.text).toMatch(/Рафт-школа «Порог»/);
    const written = await post(`/api/dev/chat/${member.id}/messages`, {
      text: 'Отличный инструктор',
      replyToMessageId: prompt?.messageId,
    });
    expect(written.statusCode).toBe(204);

    const chat = await chatOf(member);
    expect(chat.messages.at(-2)).toMatchObject({
      from: 'person',
      text: 'Отличный инструктор',
      replyToMessageId: prompt?.messageId,
    });
    expect(chat.messages.at(-1)?.from).toBe('bot');
    const [rating] = await t.database.db
      .select()
      .from(visitRatings)
      .where(eq(visitRatings.purchasedCouponId, purchasedCouponId));
    expect(rating).toMatchObject({ stars: 5, comment: 'Отличный инструктор', userId: member.id });
  });

  it('refuses a tap on a button the message does not have, and another person’s message', async () => {
    const question = find(await chatOf(member), 'Как прошло у партнера');
    const forged = await press(member, question, `rate:${purchasedCouponId}:6`);
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toMatch(/нет такого сообщения или кнопки/);
    expect((await press(admin, question, `rate:${purchasedCouponId}:1`)).statusCode).toBe(404);
  });

  it('tells the partner and the admins in their own chats', async () => {
    const request = await t.as(partner).post('/api/coupon/apply', {
      partnerId: (await t.database.db.select().from(partners).where(like(partners.companyName, '%Порог%')))[0]
        ?.id,
      price: 300,
      discount: 3000,
    });
    expect(request.statusCode).toBe(200);
    await t.deliverNotifications();
    expect(find(await chatOf(admin), 'Новая заявка на купон от @demo_partner').from).toBe('bot');
  });
});

describe('a reminder in the stand-in', () => {
  it('comes at the first sweep, even at night: the member’s demo coupon ends tomorrow', async () => {
    const hour = 3600_000;
    // 03:00 in Moscow today (UTC+3 all year), outside the hours a bot with Telegram reminds in.
    const threeAtNight = new Date(Math.floor((Date.now() + 3 * hour) / (24 * hour)) * 24 * hour);
    expect(await t.app.maintenance.sweeps.reminders(threeAtNight)).toBe(1);
    await t.deliverNotifications();
    const chat = await chatOf(member);
    const reminder = find(chat, 'Купон «Прокат «Байдарка и Ко»» (Карелия) на скидку 300 руб. действует до');
    expect(reminder.buttons.flat().map((b) => b.text)).toEqual(['Открыть QR', 'Не напоминать']);
  });
});

describe('invitations in the stand-in', () => {
  it('names the stand-in bot, and a new person opening the link arrives on the admin’s list', async () => {
    const invite = await t.as(member).post('/api/me/invite');
    expect(invite.statusCode).toBe(200);
    const { appLink } = invite.json() as { appLink: string };
    expect(appLink).toMatch(/^https:\/\/t\.me\/katajsya_local_bot\?startapp=ref_/);

    const opened = await post('/api/dev/new-person', {
      startParam: new URL(appLink).searchParams.get('startapp'),
    });
    expect(opened.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `tma ${opened.json().initData}` },
    });
    expect(me.json()).toMatchObject({ firstName: 'Друг', isChatMember: true });

    const stats = await t.as(admin).get('/api/admin/invites');
    expect(stats.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ inviter: expect.stringContaining('demo_member'), came: 1 }),
      ]),
    );
  });
});
