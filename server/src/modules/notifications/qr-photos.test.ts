import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCouponQr } from '#contract/coupon-qr';
import { decodeQrPng } from '../../../test/decode-qr.ts';
import { addPartnerWithCoupons, buyCoupon, expireCoupon } from '../../../test/fixtures.ts';
import { createTestApp, TEST_BOT_TOKEN, type TestApp, telegramUser } from '../../../test/harness.ts';
import { notifications, purchasedCoupons } from '../../db/schema.ts';
import { createBotApi } from '../../telegram/bot-api.ts';
import type { TelegramUser } from '../../telegram/init-data.ts';
import { recordExpiries } from '../purchased-coupons/expiry-log.ts';

let t: TestApp;
const admin = telegramUser('qp_admin');
const buyer = telegramUser('qp_buyer');
const friend = telegramUser('qp_friend');
const spokesman = telegramUser('qp_partner');
let couponId: number;

const CAPTION =
  'Купон «Порог» (Карелия): скидка 1\u00a0000\u00a0руб\n' +
  'Действует на услуги от 6\u00a0667\u00a0руб (не более 15% их стоимости).\n' +
  'Последний день: 30.06.2030.\n' +
  'Покажите этот QR партнеру. Фото остается в этом чате, его можно открыть и без связи.';
const COUPON_LINE = 'Купон «Порог» (Карелия): скидка 1\u00a0000\u00a0руб';

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'qp_admin' }, rateLimits: false });
  for (const user of [admin, buyer, friend, spokesman]) {
    t.botApi.members.set(user.id, 'member');
    await t.as(user).get('/api/me');
  }
  couponId = (
    await addPartnerWithCoupons(t, admin, { companyName: 'Порог', spokesmanNickname: 'qp_partner' }, [
      { price: 150, discount: 1000 },
    ])
  ).couponIds[0] as number;
  const dated = await t.as(admin).put(`/api/admin/coupons/${couponId}`, { validUntil: '2030-06-30' });
  expect(dated.statusCode).toBe(200);
});
afterAll(() => t.close());

const photosTo = (user: TelegramUser) => t.botApi.sentPhotos().filter((photo) => photo.chatId === user.id);
const tokenOf = async (id: string) =>
  (await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id)))[0]?.qrToken;

/** The text of the QR My QR shows the owner for this coupon. */
async function myQrText(user: TelegramUser, id: string) {
  const list = (await t.as(user).get(`/api/coupon/valid/qr/customer/${user.username}`)).json() as {
    id: string;
    qrImageUrl: string;
  }[];
  const shown = list.find((coupon) => coupon.id === id);
  if (!shown) throw new Error(`coupon ${id} is not on ${user.username}'s My QR`);
  return decodeQrPng((await t.as(user).get(shown.qrImageUrl)).rawPayload);
}

async function buyAndDeliver(user = buyer) {
  const id = await buyCoupon(t, user, couponId);
  await t.deliverNotifications();
  return id;
}

describe('the QR kept in the chat', () => {
  it('after a purchase: one photo, uploaded as a file, of the very QR My QR shows, its caption saying what it is worth; a second run sends nothing', async () => {
    const before = photosTo(buyer).length;
    const id = await buyAndDeliver();
    await t.deliverNotifications();

    const [photo, ...more] = photosTo(buyer).slice(before);
    expect(more).toEqual([]);
    expect(photo?.photo.fileName).toBe('kupon-qr.png');
    const text = await decodeQrPng(photo?.photo.content ?? new Uint8Array());
    expect(text).toBe(await myQrText(buyer, id));
    expect(parseCouponQr(text).token).toBe(await tokenOf(id));
    expect(photo?.caption).toBe(CAPTION);
    // The purchase's text message goes too, a run after the photo: one message a chat at a time.
    expect(
      t.botApi
        .sentMessages()
        .filter((m) => m.chatId === buyer.id)
        .at(-1)?.text,
    ).toContain('Оплата прошла');
  });

  it('a gift: the friend gets the new QR as a photo, the giver’s photo says it was given away', async () => {
    const id = await buyAndDeliver();
    const friendBefore = photosTo(friend).length;
    const gift = await t.as(buyer).post(`/api/coupons/buy/friend/${id}/${buyer.username}/${friend.username}`);
    expect(gift.statusCode).toBe(200);
    await t.deliverNotifications();

    const given = photosTo(buyer).at(-1);
    expect(given?.caption).toBe(`Этот QR больше не действует: вы подарили купон.\n${COUPON_LINE}`);
    const received = photosTo(friend).slice(friendBefore);
    expect(received).toHaveLength(1);
    const friendText = await decodeQrPng(received[0]?.photo.content ?? new Uint8Array());
    expect(friendText).toBe(await myQrText(friend, id));
    expect(friendText).not.toBe(await decodeQrPng(given?.photo.content ?? new Uint8Array()));
    expect(received[0]?.caption).toBe(CAPTION);
  });

  it('a QR given away before its photo went is never sent: only the friend’s new QR is', async () => {
    const buyerBefore = photosTo(buyer).length;
    const friendBefore = photosTo(friend).length;
    const id = await buyCoupon(t, buyer, couponId);
    await t.as(buyer).post(`/api/coupons/buy/friend/${id}/${buyer.username}/${friend.username}`);
    // The buyer's photo and the caption edit the gift queued for it both find nothing to do.
    expect(await t.deliverNotifications()).toMatchObject({ skipped: 2, failed: 0 });

    expect(photosTo(buyer)).toHaveLength(buyerBefore);
    const received = photosTo(friend).slice(friendBefore);
    expect(received).toHaveLength(1);
    expect(await decodeQrPng(received[0]?.photo.content ?? new Uint8Array())).toBe(
      await myQrText(friend, id),
    );
  });

  it('a held gift: claimed, its addressee gets the photo; canceled, the giver gets a new QR and the old photo points to it', async () => {
    const newcomer = telegramUser('qp_newcomer');
    const claimed = await buyAndDeliver();
    await t.as(buyer).post(`/api/coupons/buy/friend/${claimed}/${buyer.username}/qp_newcomer`);
    t.botApi.members.set(newcomer.id, 'member');
    await t.as(newcomer).get('/api/me');
    await t.deliverNotifications();
    expect(photosTo(newcomer)).toHaveLength(1);
    expect(await decodeQrPng(photosTo(newcomer)[0]?.photo.content ?? new Uint8Array())).toBe(
      await myQrText(newcomer, claimed),
    );

    const canceled = await buyAndDeliver();
    const first = photosTo(buyer).at(-1);
    const held = await t
      .as(buyer)
      .post(`/api/coupons/buy/friend/${canceled}/${buyer.username}/qp_never_came`);
    await t.deliverNotifications();
    expect(first?.caption).toBe(`Этот QR больше не действует: вы подарили купон.\n${COUPON_LINE}`);
    expect((await t.as(buyer).post(`/api/gifts/${held.json().giftId}/cancel`)).statusCode).toBe(200);
    await t.deliverNotifications();

    const again = photosTo(buyer).at(-1);
    expect(again?.messageId).not.toBe(first?.messageId);
    expect(await decodeQrPng(again?.photo.content ?? new Uint8Array())).toBe(await myQrText(buyer, canceled));
    expect(first?.caption).toBe(
      `Этот QR больше не действует: у купона новый QR, он в разделе «Мои QR».\n${COUPON_LINE}`,
    );
  });

  it('redeemed, refunded or expired: the photo’s caption says so, edited in place, never a second photo', async () => {
    const redeemed = await buyAndDeliver();
    const refunded = await buyAndDeliver();
    const expired = await buyAndDeliver();
    const [r, f, e] = photosTo(buyer).slice(-3);
    const sentBefore = t.botApi.sentPhotos().length;

    const token = await tokenOf(redeemed);
    expect((await t.as(spokesman).post(`/api/coupon/apply/${token}/${spokesman.username}`)).statusCode).toBe(
      200,
    );
    expect((await t.as(admin).post(`/api/admin/purchases/${refunded}/refund`)).statusCode).toBe(200);
    await expireCoupon(t, expired);
    await recordExpiries(t.database.db);
    await t.deliverNotifications();

    const today = new Intl.DateTimeFormat('ru-RU', {
      timeZone: 'Europe/Moscow',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date());
    expect(r?.caption).toBe(`Этот QR больше не действует: купон погашен ${today}.\n${COUPON_LINE}`);
    expect(f?.caption).toBe(`Этот QR больше не действует: деньги за купон возвращены.\n${COUPON_LINE}`);
    expect(e?.caption).toMatch(/^Этот QR больше не действует: срок купона закончился \d\d\.\d\d\.\d{4}\.\n/);
    expect(t.botApi.sentPhotos().length).toBe(sentBefore);
    expect(
      t.botApi.callsOf('editMessageCaption').filter((c) => c.status === 200).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('a redemption undone by the partner makes the photo’s caption say the QR works again', async () => {
    const id = await buyAndDeliver();
    const photo = photosTo(buyer).at(-1);
    const token = await tokenOf(id);
    await t.as(spokesman).post(`/api/coupon/apply/${token}/${spokesman.username}`);
    await t.deliverNotifications();
    expect(photo?.caption).toMatch(/^Этот QR больше не действует: купон погашен /);

    expect((await t.as(spokesman).post(`/api/coupon/undo/${token}`)).statusCode).toBe(200);
    await t.deliverNotifications();
    expect(photo?.caption).toBe(CAPTION);
  });

  it('turned off in «Мои данные»: no photo of a new QR, while a photo already sent still has its caption kept true', async () => {
    const kept = await buyAndDeliver();
    const photo = photosTo(buyer).at(-1);
    const off = await t.as(buyer).put('/api/me/qr-photos', { enabled: false });
    expect(off.statusCode).toBe(204);
    expect((await t.as(buyer).get('/api/me/data')).json().user.qrPhotosInChat).toBe(false);
    const before = photosTo(buyer).length;

    await buyAndDeliver();
    expect(photosTo(buyer)).toHaveLength(before);
    await t.as(buyer).post(`/api/coupons/buy/friend/${kept}/${buyer.username}/${friend.username}`);
    await t.deliverNotifications();
    expect(photo?.caption).toBe(`Этот QR больше не действует: вы подарили купон.\n${COUPON_LINE}`);

    expect((await t.as(buyer).put('/api/me/qr-photos', { enabled: true })).statusCode).toBe(204);
    expect((await t.as(buyer).put('/api/me/qr-photos', { enabled: 'no' })).statusCode).toBe(400);
  });

  it('a photo the holder deleted is left alone: nothing to edit, nothing sent again', async () => {
    const id = await buyAndDeliver();
    const photo = photosTo(buyer).at(-1);
    const bot = createBotApi(TEST_BOT_TOKEN, t.botApi.apiRoot);
    // Telegram answers a bot's deleteMessage as it does the user's own deleting: the message is gone.
    expect(await bot.deleteMessage(buyer.id, photo?.messageId ?? 0)).toBe(true);
    const before = t.botApi.sentPhotos().length;

    await t.as(buyer).post(`/api/coupons/buy/friend/${id}/${buyer.username}/${friend.username}`);
    expect(await t.deliverNotifications()).toMatchObject({ skipped: 1, failed: 0 });
    expect(photo?.caption).toBe(CAPTION);
    // The one new photo is the friend's.
    expect(
      t.botApi
        .sentPhotos()
        .slice(before)
        .map((sent) => sent.chatId),
    ).toEqual([friend.id]);
  });

  it('a 429 is waited out for its retry_after, then the photo goes once', async () => {
    t.botApi.setMethodError('sendPhoto', {
      error_code: 429,
      description: 'Too Many Requests: retry after 7',
      retry_after: 7,
    });
    const before = photosTo(buyer).length;
    const id = await buyCoupon(t, buyer, couponId);
    const asked = Date.now();
    expect(await t.deliverNotifications()).toMatchObject({ retrying: 1 });
    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.eventKey, (await tokenOf(id)) ?? ''));
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(asked + 6000);
    expect(await t.app.telegram.outbox.deliverDue(new Date(Date.now() + 3000))).toMatchObject({ claimed: 0 });

    t.botApi.setMethodError('sendPhoto', undefined);
    expect(await t.app.telegram.outbox.deliverDue(new Date(Date.now() + 8000))).toMatchObject({ sent: 1 });
    await t.deliverNotifications();
    expect(photosTo(buyer).slice(before)).toHaveLength(1);
  });
});
