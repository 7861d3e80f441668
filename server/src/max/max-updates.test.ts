import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeMaxApi, startFakeMaxApi } from '../../../test-support/fake-max-api.ts';
import type { CommunitySighting, MessengerInbound } from '../domain/messenger.ts';
import { createMaxMessenger } from './max-messenger.ts';
import { createMaxUpdates, type MaxUpdates } from './max-updates.ts';

const TOKEN = 'max-test-token_0123456789abcdef';
const BOT_NAME = 'id7707083893_bot';
const COMMUNITY = '-70123456789012';
const person = { user_id: 67890, first_name: 'Макс', username: null, is_bot: false };

let api: FakeMaxApi;
let updates: MaxUpdates;
let polling: AbortController;
const heard: { kind: string; detail: unknown }[] = [];
const warnings: string[] = [];
/** What the app's handlers do here: record, and answer as a module would. */
const inbound: MessengerInbound = {
  async pressed(press) {
    heard.push({ kind: 'pressed', detail: { from: press.from, data: press.data } });
    if (press.data === 'boom') throw new Error('a handler failed');
    if (press.data.startsWith('rate:')) {
      await press.answer('Спасибо за оценку');
      await press.ask('Расскажите, что понравилось', 'Ваш отзыв');
    }
    return true;
  },
  async replied(reply) {
    heard.push({ kind: 'replied', detail: { from: reply.from, to: reply.toMessageId, text: reply.text } });
    await reply.say('Спасибо за отзыв');
    return true;
  },
  async started(start) {
    heard.push({ kind: 'started', detail: start.from });
    await start.say('Привет! Откройте приложение.', [[{ text: 'Открыть', startParam: 'my-coupons' }]]);
  },
  async wrote(written) {
    heard.push({ kind: 'wrote', detail: { from: written.from, text: written.text } });
    await written.say('Я отвечаю только кнопками.', null);
  },
  async seenInCommunity(seen: CommunitySighting) {
    heard.push({ kind: 'seen', detail: seen });
  },
};

beforeAll(async () => {
  api = await startFakeMaxApi({ token: TOKEN, botName: BOT_NAME });
  updates = createMaxUpdates({
    token: TOKEN,
    apiRoot: api.apiRoot,
    messenger: createMaxMessenger({ token: TOKEN, apiRoot: api.apiRoot, botName: BOT_NAME }),
    inbound,
    communityChatId: COMMUNITY,
    log: { warn: (_details, message) => warnings.push(message) },
    retryPausesMs: [20],
  });
  polling = new AbortController();
  void updates.poll(polling.signal);
});
afterAll(async () => {
  polling.abort();
  await api.close();
});
beforeEach(() => {
  heard.length = 0;
});

/** Pushes an update and waits until the bot has handled it and passed its marker back. */
async function deliver(update: Record<string, unknown>) {
  await api.committed(api.pushUpdate(update));
}

describe('the MAX bot’s updates by long polling', () => {
  it('greets a person who pressed «Начать» in their chat, with a button into the app', async () => {
    await deliver({ update_type: 'bot_started', chat_id: 555, user: person, payload: null });
    expect(heard).toEqual([{ kind: 'started', detail: { messenger: 'max', externalId: '67890' } }]);
    const greeting = api.sentMessages().at(-1);
    expect(greeting).toMatchObject({ userId: 67890, text: 'Привет! Откройте приложение.' });
    expect(greeting?.attachments[0]?.payload?.buttons).toEqual([
      [{ type: 'open_app', text: 'Открыть', web_app: BOT_NAME, payload: 'my-coupons' }],
    ]);
  });

  it('hands a tap to the app, answers it through POST /answers and asks in the chat; a reply to that comes back', async () => {
    const rating = await createMaxMessenger({
      token: TOKEN,
      apiRoot: api.apiRoot,
      botName: BOT_NAME,
    }).sendText(67890, 'Оцените', [[{ text: '5', callback: 'rate:abc:5' }]], AbortSignal.timeout(5000));
    const sent = api.sentMessages().find((m) => m.mid === rating);
    if (!sent) throw new Error('not sent');
    const tap = api.callback(person, sent, 'rate:abc:5');
    await deliver(tap);
    expect(heard[0]).toEqual({
      kind: 'pressed',
      detail: { from: { messenger: 'max', externalId: '67890' }, data: 'rate:abc:5' },
    });
    expect(api.answers.at(-1)).toEqual({
      callbackId: tap.callback.callback_id,
      notification: 'Спасибо за оценку',
    });
    const question = api.sentMessages().at(-1);
    expect(question).toMatchObject({ userId: 67890, text: 'Расскажите, что понравилось' });

    await deliver({
      update_type: 'message_created',
      message: {
        sender: person,
        recipient: { chat_id: 555, chat_type: 'dialog', user_id: 67890 },
        link: { type: 'reply', message: { mid: question?.mid } },
        body: { mid: 'mid.from-person', seq: 1, text: 'Отличный сплав' },
      },
    });
    expect(heard.at(-1)).toEqual({
      kind: 'replied',
      detail: { from: { messenger: 'max', externalId: '67890' }, to: question?.mid, text: 'Отличный сплав' },
    });
    expect(api.sentMessages().at(-1)).toMatchObject({ userId: 67890, text: 'Спасибо за отзыв' });
  });

  it('answers an ordinary message to the bot, and takes writing in the community chat as being in it', async () => {
    await deliver({
      update_type: 'message_created',
      message: {
        sender: person,
        recipient: { chat_id: 555, chat_type: 'dialog' },
        body: { mid: 'mid.x', seq: 2, text: 'привет' },
      },
    });
    expect(heard.splice(0)).toEqual([
      { kind: 'wrote', detail: { from: { messenger: 'max', externalId: '67890' }, text: 'привет' } },
    ]);
    expect(api.sentMessages().at(-1)).toMatchObject({ userId: 67890, text: 'Я отвечаю только кнопками.' });
    await deliver({
      update_type: 'message_created',
      message: {
        sender: { ...person, username: 'paddler' },
        recipient: { chat_id: Number(COMMUNITY), chat_type: 'chat' },
        body: { mid: 'mid.y', seq: 3, text: 'Кто на сплав?' },
      },
    });
    expect(heard).toEqual([
      {
        kind: 'seen',
        detail: {
          from: { messenger: 'max', externalId: '67890' },
          username: 'paddler',
          firstName: 'Макс',
          lastName: null,
          member: true,
        },
      },
    ]);
  });

  it('hears someone joining and leaving the community chat, and no other chat', async () => {
    await deliver({ update_type: 'user_added', chat_id: Number(COMMUNITY), user: person, is_channel: false });
    await deliver({
      update_type: 'user_removed',
      chat_id: Number(COMMUNITY),
      user: person,
      is_channel: false,
    });
    await deliver({ update_type: 'user_added', chat_id: -1, user: person, is_channel: false });
    expect(heard.map((h) => (h.detail as { member: boolean }).member)).toEqual([true, false]);
  });

  it('goes on past an update whose handling failed, and past MAX failing to answer', async () => {
    const sent = api.sentMessages().at(-1);
    if (!sent) throw new Error('nothing sent yet');
    await deliver(api.callback(person, sent, 'boom'));
    expect(warnings.at(-1)).toMatch(/failed to be handled/);
    api.setRouteError('GET /updates', {
      status: 502,
      code: 'internal.error',
      message: 'Bad gateway',
      times: 1,
    });
    await deliver({ update_type: 'user_added', chat_id: Number(COMMUNITY), user: person, is_channel: false });
    expect(heard.at(-1)?.kind).toBe('seen');
    expect(api.callsTo('GET', '/updates').at(-1)?.query.get('types')).toBe(
      'message_callback,message_created,bot_started,user_added,user_removed',
    );
  });

  it('subscribes a webhook with its secret and the updates it takes', async () => {
    await updates.subscribe(
      'https://example.org/api/max/webhook',
      'a-secret_of-ours',
      AbortSignal.timeout(5000),
    );
    expect(api.subscriptions).toMatchObject([
      {
        url: 'https://example.org/api/max/webhook',
        secret: 'a-secret_of-ours',
        update_types: ['message_callback', 'message_created', 'bot_started', 'user_added', 'user_removed'],
      },
    ]);
  });
});
