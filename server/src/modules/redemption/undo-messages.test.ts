import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_TIME_ZONE } from '#contract/time-zone';
import { addPartnerWithCoupons, buyCoupon } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { purchasedCoupons } from '../../db/schema.ts';
import { formatCouponDate } from '../purchased-coupons/qr.ts';

let t: TestApp;
const admin = telegramUser('undo_admin');
const buyer = telegramUser('undo_buyer');
const partner = telegramUser('undo_partner');
let offer: number;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'undo_admin' }, rateLimits: false });
  for (const u of [admin, buyer, partner]) t.botApi.members.set(u.id, 'member');
  offer = (
    await addPartnerWithCoupons(t, admin, { companyName: 'Отмена', spokesmanNickname: 'undo_partner' }, [
      { price: 150, discount: 750 },
    ])
  ).couponIds[0] as number;
  await t.as(partner).get('/api/me');
});
afterAll(() => t.close());

/** The coupons here are bought and redeemed today. */
const today = formatCouponDate(new Date(), DEFAULT_REPORT_TIME_ZONE);
const REDEEMED = `Ваш купон «Отмена» (Карелия) на скидку 750 руб., купленный ${today}, погашен партнером.`;
const UNDONE = `Погашение отменено: купон снова действует. Купон «Отмена» (Карелия) на скидку 750 руб., купленный ${today}, QR прежний.`;
const AGAIN = `Ваш купон «Отмена» (Карелия) на скидку 750 руб., купленный ${today}, снова погашен партнером после отмены прошлого погашения.`;
const ASKED = `Как прошло у партнера «Отмена» (Карелия) ${today}? Оцените визит от 1 до 5.`;

/** A coupon bought, its purchase messages sent: what the owner's chat says from then on. */
async function bought() {
  const id = await buyCoupon(t, buyer, offer);
  const [row] = await t.database.db.select().from(purchasedCoupons).where(eq(purchasedCoupons.id, id));
  await t.deliverNotifications();
  const from = t.botApi.sentMessages().length;
  const chat = () =>
    t.botApi
      .sentMessages()
      .slice(from)
      .filter((m) => m.chatId === buyer.id)
      .map((m) => m.text);
  return { token: row?.qrToken as string, chat };
}
const redeem = (token: string) => t.as(partner).post(`/api/coupon/apply/${token}/undo_partner`);
const undo = (token: string) => t.as(partner).post(`/api/coupon/undo/${token}`);

describe('the owner’s chat around an undone redemption', () => {
  it('reads redeemed, undone, redeemed again — the visit asked about once', async () => {
    const { token, chat } = await bought();
    expect((await redeem(token)).statusCode).toBe(200);
    await t.deliverNotifications();
    expect((await undo(token)).statusCode).toBe(200);
    await t.deliverNotifications();
    expect((await redeem(token)).statusCode).toBe(200);
    await t.deliverNotifications();

    expect(chat()).toEqual([REDEEMED, ASKED, UNDONE, AGAIN]);
  });

  it('says nothing of a redemption undone before its message went: the redemption after it is the first', async () => {
    const { token, chat } = await bought();
    await redeem(token);
    await undo(token);
    await t.deliverNotifications();
    expect(chat()).toEqual([]);

    await redeem(token);
    await t.deliverNotifications();
    expect(chat()).toEqual([REDEEMED, ASKED]);
  });
});
