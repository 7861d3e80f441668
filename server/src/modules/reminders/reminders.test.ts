import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartnerWithCoupons, buyCoupon } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../../../test/harness.ts';
import { couponReminders, gifts, notifications, purchasedCoupons } from '../../db/schema.ts';
import type { TelegramUser } from '../../telegram/init-data.ts';
import { createReminderService, dueExpiryReminder } from './reminders.service.ts';

const PUBLIC_URL = 'https://coupons.example.ru';
const SECRET = 'webhook-secret-for-tests_0123456789';

let t: TestApp;
const admin = telegramUser('rem_admin');
const buyer = telegramUser('rem_buyer', 'Вера');
const quiet = telegramUser('rem_quiet');
const giver = telegramUser('rem_giver');
let couponId: number;
let nextUpdateId = 1;

/** An instant given as Moscow's wall clock (UTC+3 all year): the report time zone of the suite. */
const moscow = (day: string, time: string) => new Date(`${day}T${time}:00+03:00`);
/** Midnight after the coupon's last day, as purchased-coupons/expiry.ts stores it. */
const endOf = (lastDay: string) => new Date(moscow(lastDay, '00:00').getTime() + 24 * 3600_000);

const messagesTo = (user: TelegramUser) => t.botApi.sentMessages().filter((m) => m.chatId === user.id);

async function boughtExpiring(owner: TelegramUser, lastDay: string) {
  const id = await buyCoupon(t, owner, couponId);
  await t.database.db
    .update(purchasedCoupons)
    .set({ expiresAt: endOf(lastDay) })
    .where(eq(purchasedCoupons.id, id));
  // The purchase's own message goes out now, so what comes later is the reminders.
  await t.deliverNotifications();
  return id;
}

/** One reminder sweep as the background worker runs it, at `at`, then the outbox sent. */
async function sweepAt(at: Date, app = t) {
  const queued = await app.app.maintenance.sweeps.reminders(at);
  await app.deliverNotifications();
  return queued;
}

function postUpdate(update: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/telegram/webhook',
    headers: { 'x-telegram-bot-api-secret-token': SECRET },
    payload: { update_id: nextUpdateId++, ...update },
  });
}

beforeAll(async () => {
  t = await createTestApp({
    env: { ADMIN_USERNAMES: 'rem_admin', PUBLIC_URL, TELEGRAM_WEBHOOK_SECRET: SECRET },
    rateLimits: false,
  });
  for (const user of [admin, buyer, quiet, giver]) {
    t.botApi.members.set(user.id, 'member');
    await t.as(user).get('/api/me');
  }
  couponId = (await addPartnerWithCoupons(t, admin, { companyName: 'Порог' }, [{ price: 50, discount: 150 }]))
    .couponIds[0] as number;
});
afterAll(() => t.close());

describe('which reminder a coupon is owed', () => {
  const day = 24 * 3600_000;
  it('is the nearest configured day whose day has begun, none before', () => {
    expect(dueExpiryReminder(4.5 * day, [3, 1])).toBeUndefined();
    expect(dueExpiryReminder(3.5 * day, [3, 1])).toBe(3);
    expect(dueExpiryReminder(2.5 * day, [3, 1])).toBe(3);
    expect(dueExpiryReminder(1.5 * day, [3, 1])).toBe(1);
    expect(dueExpiryReminder(0.5 * day, [3, 1])).toBe(1);
    expect(dueExpiryReminder(0.5 * day, [])).toBeUndefined();
  });
});

describe('reminders of a coupon before its last day', () => {
  it('are sent 3 and 1 days before it, once each, with buttons to My QR and to stop them', async () => {
    const id = await boughtExpiring(buyer, '2026-07-13');
    const before = messagesTo(buyer).length;

    expect(await sweepAt(moscow('2026-07-09', '12:00'))).toBe(0);
    await sweepAt(moscow('2026-07-10', '12:00'));
    const [threeDays, ...more] = messagesTo(buyer).slice(before);
    expect(more).toEqual([]);
    expect(threeDays?.text).toBe(
      'Купон «Порог» (Карелия) на скидку 150 руб. действует до 13.07.2026 включительно. ' +
        'Не забудьте показать QR партнеру.',
    );
    expect(threeDays?.replyMarkup?.inline_keyboard).toEqual([
      [
        { text: 'Открыть QR', url: `https://t.me/katajsya_bot?startapp=qr-${id}` },
        { text: 'Не напоминать', callback_data: 'reminders:off' },
      ],
    ]);

    // Later the same day, and the next: the 3-day reminder is not repeated.
    await sweepAt(moscow('2026-07-10', '16:00'));
    await sweepAt(moscow('2026-07-11', '12:00'));
    expect(messagesTo(buyer).slice(before)).toHaveLength(1);

    await sweepAt(moscow('2026-07-12', '10:00'));
    await sweepAt(moscow('2026-07-13', '11:00'));
    const sent = messagesTo(buyer).slice(before);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.text).toContain('действует до 13.07.2026 включительно');
    const kinds = await t.database.db
      .select({ kind: couponReminders.kind })
      .from(couponReminders)
      .where(eq(couponReminders.purchasedCouponId, id));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['expiry-1d', 'expiry-3d']);
  });

  it('are sent only between 10:00 and 20:00 Moscow time', async () => {
    await boughtExpiring(buyer, '2026-08-13');
    const before = messagesTo(buyer).length;
    await sweepAt(moscow('2026-08-10', '09:59'));
    await sweepAt(moscow('2026-08-10', '20:00'));
    await sweepAt(moscow('2026-08-11', '03:00'));
    expect(messagesTo(buyer).slice(before)).toEqual([]);
    await sweepAt(moscow('2026-08-11', '10:00'));
    expect(messagesTo(buyer).slice(before)).toHaveLength(1);
  });

  it('are not sent for a coupon used already, nor one bought too late for the 3-day one', async () => {
    const late = await boughtExpiring(buyer, '2026-09-13');
    const before = messagesTo(buyer).length;
    // Two days before its end the 3-day reminder is past: only the 1-day one comes, the day before.
    await sweepAt(moscow('2026-09-12', '12:00'));
    const sent = messagesTo(buyer).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.replyMarkup?.inline_keyboard?.[0]?.[0]?.url).toContain(late);
    const rows = await t.database.db
      .select()
      .from(couponReminders)
      .where(eq(couponReminders.purchasedCouponId, late));
    expect(rows.map((r) => r.kind)).toEqual(['expiry-1d']);

    const used = await boughtExpiring(buyer, '2026-09-20');
    await t.database.db
      .update(purchasedCoupons)
      .set({ status: 'USED', redeemedAt: new Date() })
      .where(eq(purchasedCoupons.id, used));
    const afterUse = messagesTo(buyer).length;
    await sweepAt(moscow('2026-09-19', '12:00'));
    expect(messagesTo(buyer).slice(afterUse)).toEqual([]);
  });

  it('stop after «Не напоминать» under a reminder, answered on the button', async () => {
    await boughtExpiring(quiet, '2026-10-13');
    const before = messagesTo(quiet).length;
    await sweepAt(moscow('2026-10-10', '12:00'));
    const [reminder] = messagesTo(quiet).slice(before);
    expect(reminder).toBeDefined();
    if (!reminder) return;

    const tap = t.botApi.callbackQuery(
      { id: quiet.id, first_name: quiet.firstName },
      reminder,
      'reminders:off',
    );
    expect((await postUpdate(tap)).statusCode).toBe(200);
    expect(t.botApi.callbackAnswers().at(-1)).toEqual({
      callbackQueryId: (tap.callback_query as { id: string }).id,
      text: 'Напоминания выключены. Включить их снова можно в разделе «Мои данные».',
      showAlert: true,
    });
    expect((await t.as(quiet).get('/api/me/data')).json().user.couponReminders).toBe(false);

    await sweepAt(moscow('2026-10-12', '12:00'));
    expect(messagesTo(quiet).slice(before)).toHaveLength(1);
  });

  it('stop and start again from «Мои данные», and the export says which', async () => {
    expect((await t.as(buyer).put('/api/me/coupon-reminders', { on: false })).statusCode).toBe(204);
    expect((await t.as(buyer).get('/api/me/data')).json().user.couponReminders).toBe(false);
    await boughtExpiring(buyer, '2026-11-13');
    const before = messagesTo(buyer).length;
    await sweepAt(moscow('2026-11-10', '12:00'));
    expect(messagesTo(buyer).slice(before)).toEqual([]);

    expect((await t.as(buyer).put('/api/me/coupon-reminders', { on: true })).statusCode).toBe(204);
    expect((await t.as(buyer).get('/api/me/data')).json().user.couponReminders).toBe(true);
    await sweepAt(moscow('2026-11-10', '13:00'));
    expect(messagesTo(buyer).slice(before)).toHaveLength(1);
  });

  it('come as one message naming every coupon near its last day, like ones summed, not one per coupon', async () => {
    const ids = [];
    for (let n = 0; n < 4; n += 1) ids.push(await boughtExpiring(buyer, '2027-02-13'));
    const before = messagesTo(buyer).length;
    expect(await sweepAt(moscow('2027-02-10', '12:00'))).toBe(4);
    const sent = messagesTo(buyer).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toBe(
      [
        'Скоро заканчиваются ваши купоны (4):',
        '• 4 купона «Порог» (Карелия) на скидку 150 руб. действуют до 13.02.2027 включительно',
        'Не забудьте показать QR партнеру.',
      ].join('\n'),
    );
    expect(sent[0]?.replyMarkup?.inline_keyboard).toEqual([
      [
        { text: 'Мои QR', url: 'https://t.me/katajsya_bot?startapp=my-coupons' },
        { text: 'Не напоминать', callback_data: 'reminders:off' },
      ],
    ]);
    // The 1-day reminders a day later: again one message, naming the four.
    await sweepAt(moscow('2027-02-12', '12:00'));
    expect(messagesTo(buyer).slice(before)).toHaveLength(2);
    expect(await sweepAt(moscow('2027-02-12', '15:00'))).toBe(0);
  });

  it('are sent once with two server processes sweeping the same database at the same time', async () => {
    const second = await createTestApp({ sameDatabaseAs: t, env: { ADMIN_USERNAMES: 'rem_admin' } });
    try {
      const ids = [];
      for (let n = 0; n < 4; n += 1) ids.push(await boughtExpiring(buyer, '2026-12-13'));
      const at = moscow('2026-12-10', '12:00');
      const [one, two] = await Promise.all([
        t.app.maintenance.sweeps.reminders(at),
        second.app.maintenance.sweeps.reminders(at),
      ]);
      expect(one + two).toBe(4);
      const claimed = await t.database.db
        .select()
        .from(couponReminders)
        .where(eq(couponReminders.kind, 'expiry-3d'));
      for (const id of ids) expect(claimed.filter((row) => row.purchasedCouponId === id)).toHaveLength(1);
      // Each coupon named once in all the messages queued, however the two processes shared them.
      const queued = await t.database.db
        .select({ text: notifications.text })
        .from(notifications)
        .where(and(eq(notifications.kind, 'COUPON_EXPIRING'), eq(notifications.chatId, buyer.id)));
      // A line of like coupons says how many: «• 2 купона … действуют до».
      const named = queued
        .flatMap(({ text }) => text.split('\n'))
        .filter((line) => /действу(ет|ют) до 13\.12\.2026/.test(line))
        .reduce((sum, line) => sum + Number(/^• (\d+) купон/.exec(line)?.[1] ?? 1), 0);
      expect(named).toBe(4);
      // Again, from either process: nothing more.
      expect(await second.app.maintenance.sweeps.reminders(moscow('2026-12-10', '15:00'))).toBe(0);
      expect(await t.app.maintenance.sweeps.reminders(moscow('2026-12-10', '15:00'))).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('reach every coupon due, a batch at a time, never a batch of those reminded already', async () => {
    const ids = [];
    for (let n = 0; n < 3; n += 1) ids.push(await boughtExpiring(buyer, '2027-01-13'));
    const small = createReminderService({
      db: t.database.db,
      notifications: t.app.telegram.notifications,
      timeZone: 'Europe/Moscow',
      daysBefore: [3, 1],
      log: { error: () => {}, info: () => {} },
      batchSize: 2,
    });
    const at = moscow('2027-01-10', '12:00');
    expect(await small.sendDueReminders(at)).toBe(2);
    expect(await small.sendDueReminders(at)).toBe(1);
    expect(await small.sendDueReminders(at)).toBe(0);
    const claimed = await t.database.db
      .select()
      .from(couponReminders)
      .where(eq(couponReminders.kind, 'expiry-3d'));
    for (const id of ids) expect(claimed.filter((row) => row.purchasedCouponId === id)).toHaveLength(1);
  });
});

describe('a reminder to the giver of a held gift', () => {
  it('comes once on the last day before the gift returns to them', async () => {
    const id = await buyCoupon(t, giver, couponId);
    const res = await t.as(giver).post(`/api/coupons/buy/friend/${id}/rem_giver/rem_never_seen`);
    expect(res.json().status).toBe('held');
    const heldAt = moscow('2026-07-01', '11:00');
    await t.database.db.update(gifts).set({ createdAt: heldAt }).where(eq(gifts.purchasedCouponId, id));
    await t.deliverNotifications();
    const before = messagesTo(giver).length;

    await sweepAt(moscow('2026-07-06', '12:00'));
    expect(messagesTo(giver).slice(before)).toEqual([]);
    await sweepAt(moscow('2026-07-07', '12:00'));
    await sweepAt(moscow('2026-07-07', '18:00'));
    const sent = messagesTo(giver).slice(before);
    expect(sent.map((m) => m.text)).toEqual([
      'Подарок для @rem_never_seen пока не забрали: купон «Порог» (Карелия) на скидку 150 руб. ' +
        'вернется к вам в течение суток. Напомните другу открыть приложение.',
    ]);
  });
});
