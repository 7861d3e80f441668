import { count, eq, inArray, sql } from 'drizzle-orm';
import { purchasedCoupons, users } from '../src/db/schema.ts';
import { holdForRefund } from '../src/modules/purchased-coupons/coupon-state.ts';
import type { TelegramUser } from '../src/telegram/init-data.ts';
import { type TestApp, telegramUser } from './harness.ts';

let partnerSeq = 0;

/** How many coupons a payment has issued: one once it is paid, however often that is told. */
export const couponsIssuedFor = async (t: TestApp, paymentId: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(purchasedCoupons)
      .where(eq(purchasedCoupons.paymentId, paymentId))
  )[0]?.n;

/** Telegram's message of an invoice paid on its own sheet (`successful_payment`), as an update carries it. */
export const paidInvoiceMessage = (user: TelegramUser, paymentId: string, chargeId: string) => ({
  message_id: 1,
  date: Math.floor(Date.now() / 1000),
  chat: { id: user.id, type: 'private', first_name: user.firstName },
  from: { id: user.id, is_bot: false, first_name: user.firstName, username: user.username },
  successful_payment: {
    currency: 'RUB',
    total_amount: 10_000,
    invoice_payload: paymentId,
    telegram_payment_charge_id: chargeId,
    provider_payment_charge_id: `yk-${chargeId}`,
  },
});

/** A partner added by `admin` through the API, with coupons requested and decided through it too. */
export async function addPartnerWithCoupons(
  t: TestApp,
  admin: TelegramUser,
  partner: { region?: string; companyName?: string; partnerType?: string; spokesmanNickname?: string } = {},
  offers: Array<{ price: number; discount: number; decision?: 'accept' | 'reject' | 'pending' }> = [],
) {
  partnerSeq += 1;
  const res = await t.as(admin).post('/api/partner/add', {
    region: partner.region ?? 'Карелия',
    companyName: partner.companyName ?? `Партнер ${partnerSeq}`,
    partnerType: partner.partnerType ?? 'ШКОЛА',
    phoneNumber: '79110000000',
    address: 'Петрозаводск, ул. Речная, 1',
    email: 'partner@example.ru',
    spokesmanNickname: partner.spokesmanNickname ?? `spokesman_${partnerSeq}`,
    discountConditions: ['Условие один', 'Условие два'],
  });
  if (res.statusCode !== 200) throw new Error(`partner not added: ${res.body}`);
  const partnerId = res.json().id as number;
  const couponIds: number[] = [];
  for (const offer of offers) {
    await t.as(admin).post('/api/coupon/apply', { partnerId, price: offer.price, discount: offer.discount });
    const list = (await t.as(admin).get('/api/coupons/to/apply')).json();
    const { couponId } = list[list.length - 1];
    const decision = offer.decision ?? 'accept';
    if (decision === 'accept') {
      await t.as(admin).post('/api/coupon/apply/accept', { couponId, paymentLink: 'https://pay.example/c' });
    } else if (decision === 'reject') {
      await t.as(admin).post(`/api/coupon/apply/reject/${couponId}`);
    }
    couponIds.push(couponId);
  }
  return { partnerId, couponIds };
}

/** A new accepted offer of the partner with these limits, set by the admin's offer edit. */
export async function addLimitedOffer(
  t: TestApp,
  admin: TelegramUser,
  partnerId: number,
  limits: { quantity?: number | null; perBuyer?: number | null; saleStartsAt?: string },
) {
  await t.as(admin).post('/api/coupon/apply', { partnerId, price: 100, discount: 900 });
  const list = (await t.as(admin).get('/api/coupons/to/apply')).json();
  const { couponId } = list[list.length - 1];
  await t.as(admin).post('/api/coupon/apply/accept', { couponId, paymentLink: '' });
  const changed = await t.as(admin).put(`/api/admin/coupons/${couponId}`, limits);
  if (changed.statusCode !== 200) throw new Error(`limits not set: ${changed.body}`);
  return couponId as number;
}

/** The sandbox checkout's «Оплатить» or «Отменить» pressed on a payment's page. */
export const sandboxPayment = (t: TestApp, paymentId: string, action: 'pay' | 'cancel') =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/${paymentId}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/** The buyer's consent to the privacy policy, which a first payment needs (152-ФЗ). */
export async function giveConsent(t: TestApp, user: TelegramUser) {
  const res = await t.as(user).post('/api/me/consent');
  if (res.statusCode !== 204) throw new Error(`consent not given: ${res.body}`);
}

/** Buys a coupon through the sandbox checkout as `buyer` (a chat member) and returns what was issued. */
export async function buyCoupon(t: TestApp, buyer: TelegramUser, couponId: number) {
  await giveConsent(t, buyer);
  const start = await t.as(buyer).post(`/api/payments/${couponId}`);
  if (start.statusCode !== 200) throw new Error(`payment not started: ${start.body}`);
  const { paymentId, paymentUrl } = start.json();
  await t.app.inject({
    method: 'POST',
    url: `${paymentUrl}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const confirm = await t.as(buyer).post(`/api/coupons/buy/${couponId}/${buyer.username}`, { paymentId });
  if (confirm.statusCode !== 200) throw new Error(`purchase not confirmed: ${confirm.body}`);
  return confirm.json().purchasedCouponId as string;
}

/** A minute and more later: Telegram's last answer about the user's membership is no longer fresh. */
export const ageMembership = (t: TestApp, userId: number) =>
  t.database.db
    .update(users)
    .set({ membershipCheckedAt: sql`now() - interval '2 minutes'` })
    .where(eq(users.id, userId));

/**
 * `size` chat members ready to pay on every app given (the first writes their consent): each app's
 * fake Telegram knows them, and Telegram answered about each a moment ago, so a burst of theirs is
 * about the database, not getChatMember.
 */
export async function payingCrowd(apps: readonly [TestApp, ...TestApp[]], name: string, size: number) {
  const crowd = Array.from({ length: size }, (_, i) => telegramUser(`${name}_${i}`));
  const [first] = apps;
  for (const person of crowd) {
    for (const app of apps) app.botApi.members.set(person.id, 'member');
    await giveConsent(first, person);
  }
  await first.database.db
    .update(users)
    .set({ isChatMember: true, membershipCheckedAt: sql`now()` })
    .where(
      inArray(
        users.id,
        crowd.map((person) => person.id),
      ),
    );
  return crowd;
}

/** As if the coupon's last day had ended an hour ago. */
export const expireCoupon = (t: TestApp, purchasedCouponId: string) =>
  t.database.db
    .update(purchasedCoupons)
    .set({ expiresAt: sql`now() - interval '1 hour'` })
    .where(eq(purchasedCoupons.id, purchasedCouponId));

/**
 * Two coupons bought by `buyer` that nobody may use: one whose refund an admin asked for and the
 * provider has not finished (admin-purchases/refunds.test.ts goes that way through YooKassa), one
 * past its last day.
 */
export async function buyRefundingAndExpired(t: TestApp, buyer: TelegramUser, couponId: number) {
  const refunding = await buyCoupon(t, buyer, couponId);
  await holdForRefund(t.database.db, refunding, true);
  const expired = await buyCoupon(t, buyer, couponId);
  await expireCoupon(t, expired);
  return { refunding, expired };
}

/** A period of days around today (a month each side), as a query: what the suite's events fall in. */
export function periodAroundToday(): string {
  const day = (offsetDays: number) =>
    new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  return new URLSearchParams({ from: day(-31), to: day(31) }).toString();
}
