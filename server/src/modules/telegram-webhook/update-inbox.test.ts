import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addPartnerWithCoupons,
  couponsIssuedFor,
  giveConsent,
  paidInvoiceMessage,
} from '../../../test/fixtures.ts';
import { createTestApp, TEST_BOT_TOKEN, type TestApp, telegramUser } from '../../../test/harness.ts';
import { telegramUpdates } from '../../db/schema.ts';
import { ALLOWED_UPDATES, type BotRunner, launchBot } from '../../telegram/bot.ts';
import { createBotApi } from '../../telegram/bot-api.ts';
import type { TelegramUser } from '../../telegram/init-data.ts';

// Long polling (no PUBLIC_URL) with Telegram's own payment sheet: a successful_payment Telegram
// has forgotten (its offset confirmed) can never come again, so it must be written down first.
let t: TestApp;
const admin = telegramUser('ui_admin');
const buyer = telegramUser('ui_buyer');
let couponId: number;

const silentLog = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

beforeAll(async () => {
  t = await createTestApp({
    env: {
      ADMIN_USERNAMES: 'ui_admin',
      PAYMENT_PROVIDER: 'telegram',
      TELEGRAM_PAYMENT_PROVIDER_TOKEN: '381764678:TEST:100500',
    },
    rateLimits: false,
  });
  t.botApi.members.set(buyer.id, 'member');
  await giveConsent(t, buyer);
  couponId = (
    await addPartnerWithCoupons(t, admin, { companyName: 'Почтовая' }, [{ price: 100, discount: 500 }])
  ).couponIds[0] as number;
});
afterAll(() => t.close());

const from = (user: TelegramUser) => ({ id: user.id, is_bot: false, first_name: user.firstName });

async function startInvoice() {
  const res = await t.as(buyer).post(`/api/payments/${couponId}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { paymentId: string }).paymentId;
}

const pushPayment = (paymentId: string, chargeId: string) =>
  t.botApi.pushUpdate({ message: paidInvoiceMessage(buyer, paymentId, chargeId) });

const couponsOf = (paymentId: string) => couponsIssuedFor(t, paymentId);

const inbox = () => {
  const { updateInbox } = t.app.telegram;
  if (!updateInbox) throw new Error('the test app has a bot, so an inbox');
  return updateInbox;
};

/** getUpdates answers that carried the update (the fake records each call and its answer). */
const timesGiven = (updateId: number) =>
  t.botApi
    .callsOf('getUpdates')
    .filter((call) => call.status === 200 && Number(call.params.offset ?? 0) <= updateId).length;

async function polling(run: (runner: BotRunner) => Promise<void>) {
  const runner = await launchBot(t.app.telegram.bot as NonNullable<typeof t.app.telegram.bot>, {
    webhookSecret: 'unused',
    log: silentLog(),
    retryMs: 20,
    inbox: inbox(),
  });
  try {
    await run(runner);
  } finally {
    await runner.stop();
  }
}

describe('long polling: a paid invoice is never lost', () => {
  it('the database failing at the write: the offset stays, Telegram gives it again, one coupon once it is back', async () => {
    const paymentId = await startInvoice();
    await t.database.db.execute(sql`ALTER TABLE telegram_updates RENAME TO telegram_updates_away`);
    let updateId = 0;
    try {
      await polling(async () => {
        updateId = pushPayment(paymentId, 'charge-write-failed');
        // Received twice while the write fails: it was not confirmed the first time.
        await expect.poll(() => timesGiven(updateId), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
        expect(await couponsOf(paymentId)).toBe(0);
        await t.database.db.execute(sql`ALTER TABLE telegram_updates_away RENAME TO telegram_updates`);
        await t.botApi.confirmed(updateId);
        await expect.poll(() => couponsOf(paymentId), { timeout: 20_000 }).toBe(1);
      });
    } finally {
      await t.database.db.execute(
        sql`ALTER TABLE IF EXISTS telegram_updates_away RENAME TO telegram_updates`,
      );
    }
    const [row] = await t.database.db
      .select()
      .from(telegramUpdates)
      .where(eq(telegramUpdates.updateId, updateId));
    // Handled: only its id is kept, so a resend is not handled again; what it said (who paid) is gone.
    expect(row?.handledAt).not.toBeNull();
    expect(row?.body).toBeNull();
  });

  it('the database failing at the settlement: Telegram forgets it, the inbox tries again until the coupon is issued, once', async () => {
    const paymentId = await startInvoice();
    await t.database.db.execute(sql`ALTER TABLE purchased_coupons RENAME TO purchased_coupons_away`);
    try {
      await polling(async () => {
        const updateId = pushPayment(paymentId, 'charge-settle-failed');
        await t.botApi.confirmed(updateId);
        await expect
          .poll(async () => {
            const [row] = await t.database.db
              .select()
              .from(telegramUpdates)
              .where(eq(telegramUpdates.updateId, updateId));
            return row?.lastError;
          })
          .toBeTruthy();
      });
    } finally {
      await t.database.db.execute(sql`ALTER TABLE purchased_coupons_away RENAME TO purchased_coupons`);
    }
    // Telegram will not give it again; the next try (its backoff passed) comes from the inbox.
    expect(await inbox().handleDue(new Date(Date.now() + 10 * 60_000))).toMatchObject({ handled: 1 });
    expect(await couponsOf(paymentId)).toBe(1);
    expect(await inbox().handleDue(new Date(Date.now() + 60 * 60_000))).toMatchObject({ handled: 0 });
    expect(await couponsOf(paymentId)).toBe(1);
  });

  it('a process killed after getUpdates: the next one takes the payment and answers the pre-checkout query', async () => {
    const paymentId = await startInvoice();
    const checkout = t.botApi.pushUpdate({
      pre_checkout_query: {
        id: 'q-killed',
        from: from(buyer),
        currency: 'RUB',
        total_amount: 10_000,
        invoice_payload: paymentId,
      },
    });
    const paid = pushPayment(paymentId, 'charge-killed');
    // The process that dies: it received both (Telegram counts them given) and wrote nothing.
    const dying = createBotApi(TEST_BOT_TOKEN, t.botApi.apiRoot);
    const given = await dying.getUpdates({ allowed_updates: [...ALLOWED_UPDATES] });
    expect(given.map((update) => update.update_id)).toEqual(expect.arrayContaining([checkout, paid]));

    await polling(async () => {
      await t.botApi.confirmed(paid);
      await expect.poll(() => couponsOf(paymentId), { timeout: 20_000 }).toBe(1);
    });
    expect(
      t.botApi
        .callsOf('answerPreCheckoutQuery')
        .find((call) => call.params.pre_checkout_query_id === 'q-killed')?.params,
    ).toMatchObject({ ok: true });
  });

  it('a process killed after writing it down, before settling: the next takes it once the lease runs out', async () => {
    const paymentId = await startInvoice();
    const paid = pushPayment(paymentId, 'charge-leased');
    const dying = createBotApi(TEST_BOT_TOKEN, t.botApi.apiRoot);
    await inbox().store(await dying.getUpdates({}));
    // The dying process had taken it (its lease) and confirmed the offset.
    await t.database.db
      .update(telegramUpdates)
      .set({ attempts: 1, nextAttemptAt: sql`now() + interval '30 seconds'` })
      .where(eq(telegramUpdates.updateId, paid));
    await dying.getUpdates({ offset: paid + 1 });

    expect(await inbox().handleDue()).toMatchObject({ handled: 0 });
    expect(await inbox().handleDue(new Date(Date.now() + 60_000))).toMatchObject({ handled: 1 });
    expect(await couponsOf(paymentId)).toBe(1);
  });
});
