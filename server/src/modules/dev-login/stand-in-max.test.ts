import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStandInChat } from '#contract/stand-in-chat';
import { decodeQrPng } from '../../../test/decode-qr.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { coupons, partners, purchasedCoupons } from '../../db/schema.ts';
import { DEMO_USERS } from '../../db/seed/demo-users.ts';
import { STAND_IN_MAX_BOT_NAME } from '../../max/stand-in-max.ts';
import type { TelegramUser } from '../../telegram/init-data.ts';

let t: TestApp;
let csrf: string;
let couponId: number;
const demo = (username: string) => {
  const user = DEMO_USERS.find((u) => u.username === username);
  if (!user) throw new Error(`no demo user ${username}`);
  return user;
};
const member = demo('demo_member');
const partner: TelegramUser = { ...demo('demo_partner'), lastName: null };

beforeAll(async () => {
  t = await createTestApp({ standIn: true, standInMax: true });
  await t.app.background.start();
  csrf = (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json().token;
  const [offer] = await t.database.db
    .select({ id: coupons.id })
    .from(coupons)
    .innerJoin(partners, eq(partners.id, coupons.partnerId))
    .where(and(like(partners.companyName, '%Порог%'), eq(coupons.status, 'ACCEPTED')));
  if (!offer) throw new Error('the demo data has no coupon of «Порог»');
  couponId = offer.id;
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>, authorization?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'x-xsrf-token': csrf, ...(authorization ? { authorization } : {}) },
  });
const maxChat = async (userId: number, since?: number) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/dev/max/chat/${userId}${since === undefined ? '' : `?since=${since}`}`,
    })
  ).json() as TStandInChat;
/** Reads the chat until `found` holds of it: the bot's news reaches the local MAX through the outbox. */
async function chatUntil(userId: number, found: (chat: TStandInChat) => boolean) {
  for (let tries = 0; tries < 40; tries += 1) {
    await t.deliverNotifications();
    const chat = await maxChat(userId);
    if (found(chat)) return chat;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not in the MAX chat: ${JSON.stringify(await maxChat(userId))}`);
}

describe('the local MAX beside the stand-in’s Telegram', () => {
  let authorization: string;

  it('signs MAX init data for a demo person, who is another account in MAX', async () => {
    const signed = await post('/api/dev/init-data', { userId: member.id, messenger: 'max' });
    expect(signed.statusCode).toBe(200);
    authorization = `max ${signed.json().initData}`;
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: member.username, role: 'user' });
    expect(me.json().id).toBeGreaterThanOrEqual(2 ** 52);
    // The same person in Telegram is still who they were.
    const telegram = await post('/api/dev/init-data', { userId: member.id });
    const inTelegram = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `tma ${telegram.json().initData}` },
    });
    expect(inTelegram.json().id).toBe(member.id);
  });

  it('has the MAX person buy as a member of the local MAX chat, the QR in «Чат с ботом в MAX», and a partner in Telegram redeem it', async () => {
    expect((await post('/api/me/consent', {}, authorization)).statusCode).toBe(204);
    const start = await post(`/api/payments/${couponId}`, {}, authorization);
    expect(start.statusCode).toBe(200);
    const { paymentId, paymentUrl } = start.json();
    await t.app.inject({
      method: 'POST',
      url: `${paymentUrl}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const confirm = await post(
      `/api/coupons/buy/${couponId}/${member.username}`,
      { paymentId },
      authorization,
    );
    expect(confirm.statusCode).toBe(200);
    const purchasedCouponId = confirm.json().purchasedCouponId as string;
    await t.app.qrImages.settled();

    const chat = await chatUntil(member.id, (c) => c.messages.some((m) => m.photoUrl));
    expect(chat.botUsername).toBe(STAND_IN_MAX_BOT_NAME);
    const photo = chat.messages.find((m) => m.photoUrl);
    expect(photo?.text).toContain('Рафт-школа «Порог»');
    expect(photo?.buttons.flat()).toEqual([expect.objectContaining({ webApp: true })]);
    const png = await t.app.inject({ method: 'GET', url: photo?.photoUrl ?? '' });
    expect(png.headers['content-type']).toBe('image/png');
    const [row] = await t.database.db
      .select({ qrToken: purchasedCoupons.qrToken })
      .from(purchasedCoupons)
      .where(eq(purchasedCoupons.id, purchasedCouponId));
    expect(await decodeQrPng(png.rawPayload)).toContain(row?.qrToken);
    // Nothing of it in the same person's Telegram chat: the buyer is the MAX account.
    const telegramChat = await t.app.inject({ method: 'GET', url: `/api/dev/chat/${member.id}` });
    expect(JSON.stringify(telegramChat.json())).not.toContain(row?.qrToken ?? 'no token');

    const redeemed = await t.as(partner).post(`/api/coupon/apply/${row?.qrToken}/${partner.username}`);
    expect(redeemed.statusCode).toBe(200);
    const rated = await chatUntil(member.id, (c) =>
      c.messages.some((m) => m.buttons.flat().some((b) => b.callbackData)),
    );
    const ask = rated.messages.find((m) => m.buttons.flat().some((b) => b.callbackData));
    const five = ask?.buttons.flat().find((b) => b.text === '5');
    const pressed = await post(`/api/dev/max/chat/${member.id}/callback`, {
      messageId: ask?.messageId ?? 0,
      data: five?.callbackData ?? '',
    });
    expect(pressed.statusCode).toBe(200);
    expect(pressed.json().answer).not.toBeNull();
  });

  it('takes what the person writes to the MAX bot, /start as «Начать»', async () => {
    const before = await maxChat(member.id);
    const written = await post(`/api/dev/max/chat/${member.id}/messages`, { text: '/start' });
    expect(written.statusCode).toBe(204);
    const after = await chatUntil(member.id, (c) => c.messages.length >= before.messages.length + 2);
    expect(after.messages.at(-2)).toMatchObject({ from: 'person', text: '/start' });
    expect(after.messages.at(-1)?.from).toBe('bot');
  });
});
