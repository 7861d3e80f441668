import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_BOT_TOKEN, type TestApp, telegramUser } from '../../../test/harness.ts';
import { adminBindings, notifications, users } from '../../db/schema.ts';
import { createBotApi } from '../../telegram/bot-api.ts';
import { createTelegramMessenger } from '../../telegram/telegram-messenger.ts';
import { createCouponSigner } from '../coupon-signing/coupon-signer.ts';
import { createQrImages } from '../purchased-coupons/qr-images.ts';
import { createNotificationService, type NotificationService } from './notifications.service.ts';
import { createOutboxWorker } from './outbox.worker.ts';
import { createQrPhotos } from './qr-photos.ts';

const PUBLIC_URL = 'https://coupons.example.ru';
const CONFIGURED_ADMIN_ID = 777_001;

let t: TestApp;
let notify: NotificationService;

beforeAll(async () => {
  t = await createTestApp({
    env: { PUBLIC_URL, ADMIN_USERNAMES: `boss_anna, ${CONFIGURED_ADMIN_ID}, never_seen_admin` },
  });
  notify = t.app.telegram.notifications;
});
afterAll(() => t.close());
// Each test starts with an empty outbox, so a run delivers only what the test queued.
beforeEach(async () => {
  await t.database.db.delete(notifications);
});

const logger = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });
/** What another server process makes of the QR photos: its own images, signed with the same keys. */
const qrPhotos = () => {
  const { db } = t.database;
  const qrImages = createQrImages({
    db,
    signer: createCouponSigner(db),
    timeZone: 'Europe/Moscow',
    log: t.app.log,
  });
  return createQrPhotos({ db, qrImages, timeZone: 'Europe/Moscow' });
};
const messagesTo = (chatId: number) => t.botApi.sentMessages().filter((m) => m.chatId === chatId);
const appButton = (text: string, path: string) => [[{ text, web_app: { url: `${PUBLIC_URL}${path}` } }]];
const coupon = { companyName: 'Порог', discount: 500, region: 'Карелия' };
const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000);

async function outboxRow(chatId: number) {
  const [row] = await t.database.db.select().from(notifications).where(eq(notifications.chatId, chatId));
  return row;
}

async function addUser(username: string, extra: Partial<typeof users.$inferInsert> = {}) {
  const user = telegramUser(username);
  await t.database.db.insert(users).values({ id: user.id, username, firstName: user.firstName, ...extra });
  return user;
}

describe('each message, once for its event', () => {
  it('a gift received: to the friend, with a button to their QR codes', async () => {
    const friend = telegramUser('friend');
    const gift = { giftId: 41, toUserId: friend.id, fromUsername: 'giver', coupon };
    await notify.notify('GIFT_RECEIVED', gift);
    await notify.notify('GIFT_RECEIVED', gift);
    await t.deliverNotifications();
    await t.deliverNotifications();

    const sent = messagesTo(friend.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toBe(
      'Подарок от @giver: купон «Порог» (Карелия) на скидку 500 руб.\nQR уже в разделе «Мои QR».',
    );
    expect(sent[0]?.replyMarkup?.inline_keyboard).toEqual(appButton('Мои QR', '/my-coupons'));
  });

  it('a coupon redeemed: to its owner', async () => {
    const owner = telegramUser('owner');
    await notify.notify('COUPON_REDEEMED', { redemptionId: 9, ownerId: owner.id, coupon });
    await notify.notify('COUPON_REDEEMED', { redemptionId: 9, ownerId: owner.id, coupon });
    await t.deliverNotifications();
    const sent = messagesTo(owner.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain('погашен');
    expect(sent[0]?.replyMarkup?.inline_keyboard).toEqual(appButton('Мои QR', '/my-coupons'));
  });

  it('a coupon redeemed again after an undo is a new event, told again', async () => {
    const owner = telegramUser('owner_twice');
    await notify.notify('COUPON_REDEEMED', { redemptionId: 10, ownerId: owner.id, coupon });
    await notify.notify('COUPON_REDEEMED', { redemptionId: 12, ownerId: owner.id, coupon });
    await t.deliverNotifications();
    expect(messagesTo(owner.id)).toHaveLength(2);
  });

  it('a new coupon request: to every admin once, not to an admin who asked, not to an unbound name', async () => {
    const boundAdmin = await addUser('boss_anna');
    await t.database.db.insert(adminBindings).values({ username: 'boss_anna', userId: boundAdmin.id });
    const markedAdmin = await addUser('marked_admin', { isAdmin: true });
    const requester = await addUser('requesting_admin', { isAdmin: true });
    // Holds a configured admin name but was never bound to it: not told.
    const unbound = await addUser('never_seen_admin');

    const request = {
      couponId: 3,
      companyName: 'Порог',
      price: 150,
      discount: 500,
      requestedBy: { id: requester.id, username: 'requesting_admin' },
    };
    await notify.notify('COUPON_REQUESTED', request);
    await notify.notify('COUPON_REQUESTED', request);
    await t.deliverNotifications();

    for (const admin of [boundAdmin.id, markedAdmin.id, CONFIGURED_ADMIN_ID]) {
      const sent = messagesTo(admin);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.text).toBe(
        'Новая заявка на купон от @requesting_admin: «Порог», цена 150 руб., скидка 500 руб.',
      );
      expect(sent[0]?.replyMarkup?.inline_keyboard).toEqual(appButton('Список заявок', '/request-coupons'));
    }
    expect(messagesTo(requester.id)).toEqual([]);
    expect(messagesTo(unbound.id)).toEqual([]);
  });

  it('a request accepted or rejected: to the partner', async () => {
    const partner = telegramUser('partner_spokesman');
    const decided = { companyName: 'Порог', price: 150, discount: 500, partnerUserId: partner.id };
    await notify.notify('REQUEST_DECIDED', { ...decided, couponId: 4, decision: 'ACCEPTED' });
    await notify.notify('REQUEST_DECIDED', { ...decided, couponId: 5, decision: 'REJECTED' });
    await notify.notify('REQUEST_DECIDED', { ...decided, couponId: 5, decision: 'REJECTED' });
    await t.deliverNotifications();

    const [accepted, rejected, ...more] = messagesTo(partner.id);
    expect(more).toEqual([]);
    expect(accepted?.text).toContain('принята');
    expect(accepted?.replyMarkup).toBeUndefined();
    expect(rejected?.text).toContain('отклонена');
    expect(rejected?.replyMarkup?.inline_keyboard).toEqual(appButton('Новая заявка', '/add-coupon'));
  });

  it('a request decided for a partner never seen: nothing to send', async () => {
    await notify.notify('REQUEST_DECIDED', {
      couponId: 6,
      decision: 'ACCEPTED',
      partnerUserId: null,
      companyName: 'Порог',
      price: 150,
      discount: 500,
    });
    expect(await t.database.db.select().from(notifications)).toEqual([]);
  });

  it('a purchase confirmed: to the buyer', async () => {
    const buyer = telegramUser('buyer');
    const purchase = { purchasedCouponId: '6d1f9b1e-0000-4000-8000-000000000001', buyerId: buyer.id, coupon };
    await notify.notify('PURCHASE_CONFIRMED', purchase);
    await notify.notify('PURCHASE_CONFIRMED', purchase);
    await t.deliverNotifications();
    const sent = messagesTo(buyer.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain('Оплата прошла');
    // The 15 % rule, made concrete for the coupon's discount.
    expect(sent[0]?.text).toContain(
      'Скидка действует на услуги от 3\u00a0334\u00a0руб (не более 15% их стоимости).',
    );
    expect(sent[0]?.replyMarkup?.inline_keyboard).toEqual(appButton('Мои QR', '/my-coupons'));
  });

  it('sends no button without PUBLIC_URL (a web_app button needs https), and the text all the same', async () => {
    const buyer = telegramUser('no_button');
    await notify.notify('PURCHASE_CONFIRMED', {
      purchasedCouponId: 'p-no-button',
      buyerId: buyer.id,
      coupon,
    });
    // A process whose Telegram has no https address of the app to open.
    const withoutUrl = createOutboxWorker({
      db: t.database.db,
      messengers: { telegram: createTelegramMessenger(createBotApi(TEST_BOT_TOKEN, t.botApi.apiRoot)) },
      log: logger(),
      qrPhotos: qrPhotos(),
    });
    await withoutUrl.deliverDue();
    expect(messagesTo(buyer.id)).toEqual([
      { messageId: expect.any(Number), chatId: buyer.id, text: expect.stringContaining('Оплата прошла') },
    ]);
  });

  it('two workers (two server processes) running at once send each message once', async () => {
    const buyers = [1, 2, 3, 4, 5].map((n) => telegramUser(`crowd_${n}`));
    for (const [n, buyer] of buyers.entries()) {
      await notify.notify('PURCHASE_CONFIRMED', {
        purchasedCouponId: `crowd-${n}`,
        buyerId: buyer.id,
        coupon,
      });
    }
    const other = createOutboxWorker({
      db: t.database.db,
      messengers: { telegram: createTelegramMessenger(createBotApi(TEST_BOT_TOKEN, t.botApi.apiRoot)) },
      log: logger(),
      qrPhotos: qrPhotos(),
    });
    const [a, b] = await Promise.all([t.deliverNotifications(), other.deliverDue()]);
    expect((a?.sent ?? 0) + (b?.sent ?? 0)).toBe(5);
    for (const buyer of buyers) expect(messagesTo(buyer.id)).toHaveLength(1);
  });
});

describe('with nobody to tell yet', () => {
  it('writes the message into the log instead, so no event goes unseen', async () => {
    // A database where no admin has been seen yet.
    const fresh = await createTestApp();
    const log = logger();
    const service = createNotificationService({ db: fresh.database.db, log, adminIds: async () => [] });
    const partner = telegramUser('asking_partner');
    const deal = { companyName: 'Порог', price: 150, discount: 750 };

    try {
      await service.notify('COUPON_REQUESTED', { ...deal, couponId: 901, requestedBy: partner });
      await service.notify('REQUEST_DECIDED', {
        ...deal,
        couponId: 902,
        decision: 'REJECTED',
        partnerUserId: null,
      });
      expect(await fresh.database.db.select().from(notifications)).toEqual([]);
    } finally {
      await fresh.close();
    }

    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'COUPON_REQUESTED', text: expect.stringContaining('Порог') }),
      expect.stringContaining('nobody to tell'),
    );
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'REQUEST_DECIDED', text: expect.stringContaining('Порог') }),
      expect.stringContaining('nobody to tell'),
    );
  });
});

describe('in the caller’s transaction', () => {
  it('is queued when the transaction commits and not when it rolls back', async () => {
    const kept = telegramUser('kept');
    const dropped = telegramUser('dropped');
    await t.database.db.transaction(async (tx) => {
      await notify.notify(
        'GIFT_RECEIVED',
        { giftId: 'tx-1', toUserId: kept.id, fromUsername: 'a', coupon },
        tx,
      );
    });
    await t.database.db
      .transaction(async (tx) => {
        await notify.notify(
          'GIFT_RECEIVED',
          { giftId: 'tx-2', toUserId: dropped.id, fromUsername: 'a', coupon },
          tx,
        );
        tx.rollback();
      })
      .catch(() => {});
    expect(await outboxRow(kept.id)).toBeDefined();
    expect(await outboxRow(dropped.id)).toBeUndefined();
  });

  it('a message that cannot be queued does not abort the caller’s transaction or throw', async () => {
    const log = logger();
    const service = createNotificationService({
      db: t.database.db,
      log,
      adminIds: async () => [],
    });
    const caller = telegramUser('caller_goes_on');
    await t.database.db
      .transaction(async (tx) => {
        // The outbox is unreachable inside this transaction only (rolled back below).
        await tx.execute(sql`ALTER TABLE notifications RENAME TO notifications_away`);
        await service.notify(
          'GIFT_RECEIVED',
          { giftId: 'lost', toUserId: caller.id, fromUsername: 'a', coupon },
          tx,
        );
        await tx.insert(users).values({ id: caller.id, username: 'caller_goes_on', firstName: 'Тест' });
        const [row] = await tx.select().from(users).where(eq(users.id, caller.id));
        expect(row?.username).toBe('caller_goes_on');
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !error.message.includes('Rollback')) throw error;
      });
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'GIFT_RECEIVED', eventKey: 'lost' }),
      expect.stringContaining('not queued'),
    );
  });
});

describe('when the Bot API fails', () => {
  it('nothing throws; the message is retried later and then sent once', async () => {
    const friend = telegramUser('patient');
    // The caller's part (queueing) does not touch Telegram at all: it succeeds while Telegram is down.
    t.botApi.setFailing(true);
    try {
      await notify.notify('GIFT_RECEIVED', {
        giftId: 'retry-1',
        toUserId: friend.id,
        fromUsername: 'a',
        coupon,
      });
      expect(await t.deliverNotifications()).toEqual({
        claimed: 1,
        sent: 0,
        retrying: 1,
        failed: 0,
        skipped: 0,
      });
    } finally {
      t.botApi.setFailing(false);
    }
    const row = await outboxRow(friend.id);
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(row?.lastError).toContain('Internal Server Error');
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: a run now leaves it alone.
    expect((await t.deliverNotifications()).claimed).toBe(0);
    expect(messagesTo(friend.id)).toEqual([]);

    expect(await t.app.telegram.outbox.deliverDue(inAnHour())).toMatchObject({ sent: 1 });
    expect(messagesTo(friend.id)).toHaveLength(1);
    expect(await t.app.telegram.outbox.deliverDue(new Date(Date.now() + 24 * 3600_000))).toMatchObject({
      claimed: 0,
    });
  });

  it('waits as long as Telegram asks when it answers 429', async () => {
    const friend = telegramUser('rate_limited');
    t.botApi.setMethodError('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 7',
      retry_after: 7,
    });
    const before = Date.now();
    try {
      await notify.notify('GIFT_RECEIVED', {
        giftId: 'retry-429',
        toUserId: friend.id,
        fromUsername: 'a',
        coupon,
      });
      await t.deliverNotifications();
    } finally {
      t.botApi.setMethodError('sendMessage', undefined);
    }
    const due = (await outboxRow(friend.id))?.nextAttemptAt.getTime() ?? 0;
    expect(due).toBeGreaterThanOrEqual(before + 7000);
    expect(due).toBeLessThan(Date.now() + 7000 + 1000);
  });

  it('gives up at once on a user who never started the bot or blocked it (403)', async () => {
    const log = logger();
    const worker = createOutboxWorker({
      db: t.database.db,
      messengers: { telegram: createTelegramMessenger(createBotApi(TEST_BOT_TOKEN, t.botApi.apiRoot)) },
      log,
      qrPhotos: qrPhotos(),
    });
    const stranger = telegramUser('never_started');
    t.botApi.setMethodError('sendMessage', {
      error_code: 403,
      description: "Forbidden: bot can't initiate conversation with a user",
    });
    try {
      await notify.notify('GIFT_RECEIVED', {
        giftId: 'blocked',
        toUserId: stranger.id,
        fromUsername: 'a',
        coupon,
      });
      expect(await worker.deliverDue()).toMatchObject({ failed: 1 });
      expect((await worker.deliverDue(inAnHour())).claimed).toBe(0);
    } finally {
      t.botApi.setMethodError('sendMessage', undefined);
    }
    expect(await outboxRow(stranger.id)).toMatchObject({
      failedAt: expect.any(Date),
      undelivered: 'REFUSED',
    });
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ chatId: stranger.id }),
      expect.stringContaining('not delivered'),
    );
  });

  it('keeps trying a message Telegram does not take for a day, then gives it up with an error in the log', async () => {
    const log = logger();
    const worker = createOutboxWorker({
      db: t.database.db,
      messengers: { telegram: createTelegramMessenger(createBotApi(TEST_BOT_TOKEN, t.botApi.apiRoot)) },
      log,
      qrPhotos: qrPhotos(),
    });
    const friend = telegramUser('unreachable');
    await notify.notify('GIFT_RECEIVED', {
      giftId: 'hopeless',
      toUserId: friend.id,
      fromUsername: 'a',
      coupon,
    });
    const hoursOn = (hours: number) => new Date(Date.now() + hours * 3600_000);
    t.botApi.setFailing(true);
    try {
      const outcomes = [await worker.deliverDue()];
      for (const hours of [1, 23, 24.1, 48]) outcomes.push(await worker.deliverDue(hoursOn(hours)));
      expect(outcomes.map((o) => [o.retrying, o.failed])).toEqual([
        [1, 0],
        [1, 0],
        [1, 0],
        [0, 1],
        [0, 0],
      ]);
    } finally {
      t.botApi.setFailing(false);
    }
    expect(
      t.botApi.callsOf('sendMessage').filter((c) => Number(c.params.chat_id) === friend.id),
    ).toHaveLength(4);
    expect(await outboxRow(friend.id)).toMatchObject({
      attempts: 4,
      sentAt: null,
      undelivered: 'UNANSWERED',
    });
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ chatId: friend.id, attempts: 4 }),
      expect.stringContaining('giving up'),
    );
  });
});
