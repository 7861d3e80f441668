import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TUndeliveredMessage } from '#contract/notifications';
import { createTestApp, TEST_BOT_TOKEN, type TestApp, telegramUser } from '../../../test/harness.ts';
import { auditEvents, notifications } from '../../db/schema.ts';
import { createBotApi } from '../../telegram/bot-api.ts';
import type { TelegramUser } from '../../telegram/init-data.ts';
import { createTelegramMessenger } from '../../telegram/telegram-messenger.ts';
import { createOutboxWorker, type OutboxWorker } from './outbox.worker.ts';

const MINUTE = 60_000;
const coupon = { companyName: 'Порог', discount: 500, region: 'Карелия' };
const admin = telegramUser('ob_admin');

let t: TestApp;
/** The test's clock (ms): the worker runs at it and the fake Bot API's outages last by it. */
let clock = Date.now();

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'ob_admin' } });
  t.botApi.setClock(() => clock);
  await t.as(admin).get('/api/me');
});
afterAll(() => t.close());

/** A worker of its own, as another server process would run. */
const newWorker = () =>
  createOutboxWorker({
    db: t.database.db,
    messengers: { telegram: createTelegramMessenger(createBotApi(TEST_BOT_TOKEN, t.botApi.apiRoot)) },
    log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    qrPhotos: { photo: async () => null, caption: async () => '' },
  });

/** Gifts from `giver_1`…`giver_n` to each of `people`, queued in that order. */
async function queueGifts(people: { id: number }[], perPerson: number, tag: string) {
  for (let n = 1; n <= perPerson; n += 1) {
    for (const person of people) {
      await t.app.telegram.notifications.notify('GIFT_RECEIVED', {
        giftId: `${tag}-${person.id}-${n}`,
        toUserId: person.id,
        fromUsername: `giver_${n}`,
        coupon,
      });
    }
  }
}

const sentTo = (chatId: number) =>
  t.botApi
    .sentMessages()
    .filter((m) => m.chatId === chatId)
    .map((m) => /@(giver_\d+)/.exec(m.text)?.[1]);

/** Runs the worker every `stepMs` of the test's clock until `done` or `untilMs`. */
async function runUntil(worker: OutboxWorker, done: () => boolean, untilMs: number, stepMs = 10_000) {
  while (!done() && clock < untilMs) {
    await worker.deliverDue(new Date(clock));
    clock += stepMs;
  }
}

describe('the outbox through Telegram’s outages', () => {
  it('429 for 30 minutes, then a 5xx for 10: every message is delivered once, in order, soon after', async () => {
    const people = [
      telegramUser('ob_one'),
      telegramUser('ob_two'),
      telegramUser('ob_three'),
      telegramUser('ob_four'),
    ];
    await queueGifts(people, 4, 'outage');
    const start = clock;
    t.botApi.addOutage({ fromMs: start, untilMs: start + 30 * MINUTE, status: 429, retryAfterS: 60 });
    t.botApi.addOutage({ fromMs: start + 30 * MINUTE, untilMs: start + 40 * MINUTE, status: 502 });
    const callsBefore = t.botApi.calls.length;

    const worker = newWorker();
    // Someone new to the outbox during the flood waits it out too: Telegram's limit is the bot's.
    await runUntil(worker, () => false, start + 5 * MINUTE);
    const latecomer = telegramUser('ob_latecomer');
    await queueGifts([latecomer], 1, 'outage-late');
    const allSent = () =>
      people.every((person) => sentTo(person.id).length >= 4) && sentTo(latecomer.id).length >= 1;
    await runUntil(worker, allSent, start + 3 * 60 * MINUTE);

    for (const person of people)
      expect(sentTo(person.id)).toEqual(['giver_1', 'giver_2', 'giver_3', 'giver_4']);
    expect(sentTo(latecomer.id)).toEqual(['giver_1']);
    // Soon after Telegram is back: within the longest backoff (5 minutes) and a step.
    expect(clock).toBeLessThanOrEqual(start + 45 * MINUTE + 10_000);
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(
        inArray(
          notifications.chatId,
          people.map((person) => person.id),
        ),
      );
    expect(rows.every((row) => row.sentAt !== null && row.failedAt === null)).toBe(true);

    // A 429 pauses every send, not just its row's: no call before its retry_after has passed.
    const calls = t.botApi.calls.slice(callsBefore).filter((call) => call.method === 'sendMessage');
    const floods = calls.filter((call) => call.status === 429);
    expect(floods.length).toBeGreaterThan(0);
    for (const flood of floods) {
      const resumesAt = flood.at + (flood.retryAfterS ?? 0) * 1000;
      expect(calls.filter((call) => call.at > flood.at && call.at < resumesAt)).toEqual([]);
    }
    // The flood's 30 minutes cost at most one round of calls a minute.
    expect(floods.length).toBeLessThanOrEqual(31 * (people.length + 1));
  });

  it('a send Telegram never answers is tried again, not given up, and the message goes once', async () => {
    const patient = telegramUser('ob_patient');
    await queueGifts([patient], 2, 'silence');
    const worker = createOutboxWorker({
      db: t.database.db,
      messengers: { telegram: createTelegramMessenger(createBotApi(TEST_BOT_TOKEN, t.botApi.apiRoot)) },
      log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
      qrPhotos: { photo: async () => null, caption: async () => '' },
      sendTimeoutMs: 50,
    });
    t.botApi.setHanging(true);
    try {
      for (let run = 0; run < 3; run += 1) {
        expect(await worker.deliverDue(new Date(clock))).toMatchObject({ retrying: 1, failed: 0 });
        clock += 10 * MINUTE;
      }
    } finally {
      t.botApi.setHanging(false);
    }
    // Telegram answers again: a worker with the usual patience (a loaded machine takes more than 50 ms).
    await runUntil(newWorker(), () => sentTo(patient.id).length >= 2, clock + 30 * MINUTE);
    expect(sentTo(patient.id)).toEqual(['giver_1', 'giver_2']);
  });

  it('Telegram’s refusals (blocked, chat not found, a bad request) end a message at once; others go on', async () => {
    const [blocked, gone, wrong, fine] = ['ob_blocked', 'ob_gone', 'ob_wrong', 'ob_fine'].map((name) =>
      telegramUser(name),
    ) as [TelegramUser, TelegramUser, TelegramUser, TelegramUser];
    t.botApi.setChatError(blocked.id, {
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
    t.botApi.setChatError(gone.id, { error_code: 400, description: 'Bad Request: chat not found' });
    t.botApi.setChatError(wrong.id, { error_code: 400, description: 'Bad Request: message is too long' });
    await queueGifts([blocked, gone, wrong, fine], 1, 'refused');
    const worker = newWorker();

    expect(await worker.deliverDue(new Date(clock))).toMatchObject({ claimed: 4, sent: 1, failed: 3 });
    expect(await worker.deliverDue(new Date(clock + 24 * 60 * MINUTE))).toMatchObject({ claimed: 0 });
    for (const person of [blocked, gone, wrong]) {
      expect(
        t.botApi.callsOf('sendMessage').filter((c) => Number(c.params.chat_id) === person.id),
      ).toHaveLength(1);
    }
    expect(sentTo(fine.id)).toEqual(['giver_1']);

    // The admin sees them, and sends one again once its person unblocked the bot: it goes once.
    const list = (
      await t.as(admin).get('/api/admin/notifications/undelivered')
    ).json() as TUndeliveredMessage[];
    const blockedOne = list.find((message) => message.recipient === String(blocked.id));
    expect(blockedOne).toMatchObject({
      reason: 'refused',
      error: expect.stringContaining('blocked by the user'),
      text: expect.stringContaining('Подарок от @giver_1'),
    });
    expect(
      list.filter((message) => [gone.id, wrong.id].map(String).includes(message.recipient)),
    ).toHaveLength(2);

    t.botApi.setChatError(blocked.id, undefined);
    const resend = () => t.as(admin).post(`/api/admin/notifications/${blockedOne?.id}/resend`);
    expect((await resend()).statusCode).toBe(204);
    expect((await resend()).statusCode).toBe(204);
    await worker.deliverDue(new Date(clock));
    expect((await resend()).statusCode).toBe(204);
    await worker.deliverDue(new Date(clock + MINUTE));
    expect(sentTo(blocked.id)).toEqual(['giver_1']);
    const after = (
      await t.as(admin).get('/api/admin/notifications/undelivered')
    ).json() as TUndeliveredMessage[];
    expect(after.map((message) => message.id)).not.toContain(blockedOne?.id);
    // Sent again once, in the audit log under the admin's name.
    const resent = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subject, `notification:${blockedOne?.id}`));
    expect(resent).toEqual([expect.objectContaining({ kind: 'notification.resent', actorId: admin.id })]);
  });

  it('the list and «Отправить снова» are for admins only; an unknown message is 404', async () => {
    const member = telegramUser('ob_member');
    expect((await t.as(member).get('/api/admin/notifications/undelivered')).statusCode).toBe(403);
    const [row] = await t.database.db.select({ id: notifications.id }).from(notifications).limit(1);
    expect((await t.as(member).post(`/api/admin/notifications/${row?.id}/resend`)).statusCode).toBe(403);
    const unknown = await t.as(admin).post('/api/admin/notifications/987654321/resend');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      error: 'not_found',
      message: 'Такого недоставленного сообщения нет',
    });
  });
});
