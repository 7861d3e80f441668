import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_BOT_TOKEN, type TestApp, telegramUser } from '../../../test/harness.ts';
import { messengerIdentities, notifications, users } from '../../db/schema.ts';
import {
  type MessageButtons,
  MessengerError,
  type MessengerPort,
  type Messengers,
} from '../../domain/messenger.ts';
import { createBotApi } from '../../telegram/bot-api.ts';
import { createTelegramMessenger } from '../../telegram/telegram-messenger.ts';
import { createOutboxWorker } from './outbox.worker.ts';

const coupon = { companyName: 'Порог', discount: 500, region: 'Карелия' };

/** A second messenger's adapter that keeps what it is given, as a fake MAX would. */
function recordingPort() {
  const sent: { chatId: number; text: string; buttons: MessageButtons | null }[] = [];
  let failure: MessengerError | undefined;
  const port: MessengerPort = {
    messenger: 'max',
    async sendText(chatId, text, buttons) {
      if (failure) throw failure;
      sent.push({ chatId, text, buttons });
      return `mid.${sent.length}`;
    },
    sendPhoto: async () => 'mid.photo',
    editCaption: async () => 'edited',
    isMember: async () => true,
    appLink: async (startParam) => `https://max.example/app?startapp=${startParam}`,
    botLink: async (payload) => `https://max.example/bot?start=${payload}`,
  };
  return { port, sent, failWith: (error: MessengerError | undefined) => (failure = error) };
}

let t: TestApp;
const telegramPerson = telegramUser('om_telegram');
/** A MAX person whose id in MAX is the Telegram person's: chats of two messengers never mix. */
const maxPerson = { id: 4_503_599_627_370_496 + 7, externalId: String(telegramPerson.id) };

beforeAll(async () => {
  t = await createTestApp();
  await t.as(telegramPerson).get('/api/me');
  await t.database.db
    .insert(users)
    .values({ id: maxPerson.id, messenger: 'max', username: 'om_max', firstName: 'Макс' });
  await t.database.db
    .insert(messengerIdentities)
    .values({ messenger: 'max', externalId: maxPerson.externalId, userId: maxPerson.id });
});
afterAll(() => t.close());
// Each test starts with an empty outbox, so a run delivers only what the test queued.
beforeEach(async () => {
  await t.database.db.delete(notifications);
});

const telegram = () => createTelegramMessenger(createBotApi(TEST_BOT_TOKEN, t.botApi.apiRoot));
const workerWith = (messengers: Messengers) =>
  createOutboxWorker({
    db: t.database.db,
    messengers,
    log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    qrPhotos: { photo: async () => null, caption: async () => '' },
  });

async function giftTo(person: { id: number }, giftId: string) {
  await t.app.telegram.notifications.notify('GIFT_RECEIVED', {
    giftId,
    toUserId: person.id,
    fromUsername: 'om_giver',
    coupon,
  });
}

const rowOf = async (giftId: string) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.eventKey, giftId)))[0];
const telegramSent = () => t.botApi.sentMessages().filter((m) => m.chatId === telegramPerson.id);

describe('the outbox, one adapter per messenger', () => {
  it('writes a message for the person’s messenger and chat there', async () => {
    await giftTo(maxPerson, 'om-written');
    expect(await rowOf('om-written')).toMatchObject({ messenger: 'max', chatId: telegramPerson.id });
  });

  it('sends each message through its messenger’s adapter', async () => {
    const max = recordingPort();
    await giftTo(telegramPerson, 'om-both-telegram');
    await giftTo(maxPerson, 'om-both-max');
    const before = telegramSent().length;
    for (let run = 0; run < 5; run += 1)
      await workerWith({ telegram: telegram(), max: max.port }).deliverDue();

    expect(telegramSent()).toHaveLength(before + 1);
    expect(max.sent).toEqual([
      {
        chatId: telegramPerson.id,
        text: expect.stringContaining('Подарок от @om_giver'),
        buttons: [[{ text: 'Мои QR', app: '/my-coupons' }]],
      },
    ]);
    expect(await rowOf('om-both-max')).toMatchObject({ messageId: 'mid.1' });
    expect((await rowOf('om-both-max'))?.sentAt).not.toBeNull();
  });

  it('keeps a message for a messenger without a bot here until one is configured, losing nothing', async () => {
    await giftTo(maxPerson, 'om-waits');
    const withoutMax = workerWith({ telegram: telegram() });
    for (let run = 0; run < 3; run += 1) await withoutMax.deliverDue();
    const waiting = await rowOf('om-waits');
    expect(waiting).toMatchObject({ sentAt: null, failedAt: null, attempts: 0 });

    const max = recordingPort();
    await workerWith({ telegram: telegram(), max: max.port }).deliverDue();
    expect(max.sent.map((message) => message.chatId)).toEqual([telegramPerson.id]);
  });

  it('holds back only the messenger that asked to wait', async () => {
    const max = recordingPort();
    max.failWith(new MessengerError('Too many requests', 'flood', 600));
    await giftTo(maxPerson, 'om-flood-max');
    await giftTo(telegramPerson, 'om-flood-telegram');
    const worker = workerWith({ telegram: telegram(), max: max.port });
    const before = telegramSent().length;
    await worker.deliverDue();
    await worker.deliverDue();

    expect(telegramSent()).toHaveLength(before + 1);
    const held = await rowOf('om-flood-max');
    expect(held?.sentAt).toBeNull();
    expect(held?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 500_000);
  });
});
