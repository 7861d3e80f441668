import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeMaxApi, startFakeMaxApi } from '../../../test-support/fake-max-api.ts';
import { MessengerError, type MessengerPort } from '../domain/messenger.ts';
import { createMaxMessenger } from './max-messenger.ts';

const TOKEN = 'max-test-token_0123456789abcdef';
const BOT_NAME = 'id7707083893_bot';
const PERSON = 67890;
const PNG = Buffer.from('89504e470d0a1a0a-not-really-a-png', 'utf8');

let api: FakeMaxApi;
let max: MessengerPort;
const signal = () => AbortSignal.timeout(5000);

beforeAll(async () => {
  api = await startFakeMaxApi({ token: TOKEN, botName: BOT_NAME });
  max = createMaxMessenger({
    token: TOKEN,
    apiRoot: api.apiRoot,
    botName: BOT_NAME,
    notReadyPausesMs: [10, 20],
  });
});
afterAll(() => api.close());
beforeEach(() => api.setNotReadyTimes(0));

/** The port's error a call ended in. */
async function failureOf(call: Promise<unknown>): Promise<MessengerError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof MessengerError)) throw new Error(`expected a MessengerError, got ${String(error)}`);
  return error;
}

describe('MAX behind the messenger port', () => {
  it('sends a text to a person with every kind of button, link previews off', async () => {
    const mid = await max.sendText(
      PERSON,
      'Купон куплен',
      [
        [{ text: 'Мои QR', startParam: 'my-coupons' }],
        [
          { text: 'Оценить', callback: 'rate:1:5' },
          { text: 'Сайт', url: 'https://example.org' },
        ],
        [{ text: 'Открыть', app: '/my-coupons' }],
      ],
      signal(),
    );
    expect(mid).toMatch(/^mid\./);
    const sent = api.sentMessages().find((m) => m.mid === mid);
    expect(sent).toMatchObject({ userId: PERSON, text: 'Купон куплен', disableLinkPreview: true });
    expect(sent?.attachments).toEqual([
      {
        type: 'inline_keyboard',
        payload: {
          buttons: [
            [{ type: 'open_app', text: 'Мои QR', web_app: BOT_NAME, payload: 'my-coupons' }],
            [
              { type: 'callback', text: 'Оценить', payload: 'rate:1:5' },
              { type: 'link', text: 'Сайт', url: 'https://example.org' },
            ],
            [{ type: 'open_app', text: 'Открыть', web_app: BOT_NAME }],
          ],
        },
      },
    ]);
    // The token went in the header, never in the query (MAX no longer takes it there).
    const call = api.callsTo('POST', '/messages').at(-1);
    expect(call?.query.get('access_token')).toBeNull();
    expect(call?.query.get('user_id')).toBe(String(PERSON));
  });

  it('sends to a group chat by chat_id, and a text without buttons without attachments', async () => {
    api.setChat('-70123456789012', []);
    const mid = await max.sendText(-70123456789012, 'Привет, чат', null, signal());
    const sent = api.sentMessages().find((m) => m.mid === mid);
    expect(sent).toMatchObject({ chatId: -70123456789012, attachments: [] });
    expect(api.callsTo('POST', '/messages').at(-1)?.body).toEqual({ text: 'Привет, чат' });
  });

  it('sends a picture as an uploaded image with its caption and buttons, then edits the caption keeping both', async () => {
    const mid = await max.sendPhoto(
      PERSON,
      { png: PNG, fileName: 'qr.png' },
      'Купон «Порог»: не использован',
      [[{ text: 'Мои QR', startParam: 'my-coupons' }]],
      signal(),
    );
    const sent = api.sentMessages().find((m) => m.mid === mid);
    expect(sent?.text).toBe('Купон «Порог»: не использован');
    expect(sent?.uploads).toHaveLength(1);
    expect(sent?.uploads[0]).toMatchObject({ type: 'image', fileName: 'qr.png' });
    expect(sent?.uploads[0]?.content.equals(PNG)).toBe(true);
    expect(sent?.attachments.map((a) => a.type)).toEqual(['image', 'inline_keyboard']);

    expect(await max.editCaption(PERSON, mid, 'Купон «Порог»: использован', null, signal())).toBe('edited');
    expect(sent).toMatchObject({
      text: 'Купон «Порог»: использован',
      sentText: 'Купон «Порог»: не использован',
    });
    expect(sent?.attachments.map((a) => a.type)).toEqual(['image', 'inline_keyboard']);
    expect(api.callsTo('PUT', '/messages').at(-1)?.body).toEqual({ text: 'Купон «Порог»: использован' });
  });

  it('sends a picture again while MAX processes its upload, and gives up as «unavailable» past its pauses', async () => {
    api.setNotReadyTimes(2);
    const mid = await max.sendPhoto(PERSON, { png: PNG, fileName: 'qr.png' }, 'QR', null, signal());
    expect(api.sentMessages().find((m) => m.mid === mid)?.uploads).toHaveLength(1);
    api.setNotReadyTimes(5);
    const failure = await failureOf(
      max.sendPhoto(PERSON, { png: PNG, fileName: 'qr.png' }, 'QR', null, signal()),
    );
    expect(failure.reason).toBe('unavailable');
  });

  it('says a message the person deleted is gone', async () => {
    expect(await max.editCaption(PERSON, 'mid.000000000000000000000000', 'Новый текст', null, signal())).toBe(
      'gone',
    );
  });

  it('asks the community chat for one person: in it, not in it, and the bot not its administrator', async () => {
    api.setChat('-70123456789012', [{ user_id: PERSON, first_name: 'Макс' }]);
    expect(await max.isMember('-70123456789012', PERSON, signal())).toBe(true);
    expect(await max.isMember('-70123456789012', 11111, signal())).toBe(false);
    expect(api.callsTo('GET', '/chats/-70123456789012/members').at(-1)?.query.get('user_ids')).toBe('11111');
    api.setChat('-70123456789012', [{ user_id: PERSON, first_name: 'Макс' }], { botIsAdmin: false });
    expect((await failureOf(max.isMember('-70123456789012', PERSON, signal()))).reason).toBe('unavailable');
    expect((await failureOf(max.isMember('-1', PERSON, signal()))).reason).toBe('unavailable');
  });

  it('tells MAX’s refusals by status and code: a flood, its side down, a block, a refused message', async () => {
    api.setRouteError('POST /messages', {
      status: 429,
      code: 'too.many.requests',
      message: 'Too many',
      times: 1,
    });
    const flood = await failureOf(max.sendText(PERSON, 'a', null, signal()));
    expect(flood).toMatchObject({ reason: 'flood', retryAfterS: 5 });

    api.setRouteError('POST /messages', {
      status: 503,
      code: 'service.unavailable',
      message: 'Down',
      times: 1,
    });
    expect((await failureOf(max.sendText(PERSON, 'a', null, signal()))).reason).toBe('unavailable');

    api.setBlocked(PERSON, true);
    expect((await failureOf(max.sendText(PERSON, 'a', null, signal()))).reason).toBe('blocked');
    api.setBlocked(PERSON, false);

    // A 200 that says `success: false` is a refusal too, by its code.
    api.setRouteError('PUT /messages', { status: 200, code: 'edit.denied', message: 'Too old', times: 1 });
    const mid = await max.sendText(PERSON, 'a', [[{ text: 'x', callback: 'y' }]], signal());
    expect((await failureOf(max.editCaption(PERSON, mid, 'b', null, signal()))).reason).toBe('refused');

    const tooLong = await failureOf(max.sendText(PERSON, 'я'.repeat(4001), null, signal()));
    expect(tooLong.reason).toBe('refused');
    expect(tooLong.message).toMatch(/proto\.payload/);
  });

  it('says nothing of the message when the token is wrong or MAX does not answer in time', async () => {
    const wrong = createMaxMessenger({
      token: 'another-token_0123456789',
      apiRoot: api.apiRoot,
      botName: BOT_NAME,
    });
    expect((await failureOf(wrong.sendText(PERSON, 'a', null, signal()))).reason).toBe('unavailable');
    api.setHanging(true);
    try {
      const slow = await failureOf(max.sendText(PERSON, 'a', null, AbortSignal.timeout(100)));
      expect(slow.reason).toBe('unavailable');
    } finally {
      api.setHanging(false);
    }
    const nobody = createMaxMessenger({ token: TOKEN, apiRoot: 'http://127.0.0.1:9', botName: BOT_NAME });
    expect((await failureOf(nobody.sendText(PERSON, 'a', null, signal()))).reason).toBe('unavailable');
  });

  it('gives the link that opens the app with a start parameter, and refuses one MAX would drop', async () => {
    expect(await max.appLink('qr-0b7e9c1e-8c3f-4f7e-9d3a-2b1c0d9e8f7a')).toBe(
      `https://max.ru/${BOT_NAME}?startapp=qr-0b7e9c1e-8c3f-4f7e-9d3a-2b1c0d9e8f7a`,
    );
    expect((await failureOf(max.appLink('ref code'))).reason).toBe('refused');
  });

  it('sends a document as an uploaded file, the only attachment of its message', async () => {
    await max.sendDocument?.(PERSON, { bytes: Buffer.from('{"a":1}'), fileName: 'my-data.json' }, signal());
    const sent = api.sentMessages().at(-1);
    expect(sent?.attachments.map((a) => a.type)).toEqual(['file']);
    expect(sent?.uploads[0]).toMatchObject({ type: 'file', fileName: 'my-data.json' });
    expect(sent?.uploads[0]?.content.toString()).toBe('{"a":1}');
  });

  it('keeps MAX’s 30 requests a second, however many calls come at once', async () => {
    api.setChat('-70123456789013', [{ user_id: PERSON, first_name: 'Макс' }]);
    const before = api.calls.length;
    await Promise.all(
      Array.from({ length: 31 }, () => max.isMember('-70123456789013', PERSON, AbortSignal.timeout(10_000))),
    );
    const burst = api.calls.slice(before);
    expect(burst).toHaveLength(31);
    // A thirtieth of a second apart when sent (1 s for 31); the first may arrive late on a busy
    // machine, so the bound is loose: without the limit they all come within some 50 ms.
    expect((burst.at(-1)?.at ?? 0) - (burst[0]?.at ?? 0)).toBeGreaterThanOrEqual(700);
  });

  it('sends one chat at most two messages a second, as MAX asks, and another chat meanwhile', async () => {
    const before = api.calls.length;
    // One chat's messages one after another, as the outbox sends them; another chat's beside.
    await Promise.all([
      (async () => {
        await max.sendText(PERSON + 1, 'раз', null, signal());
        await max.sendText(PERSON + 1, 'два', null, signal());
      })(),
      max.sendText(PERSON + 2, 'другому', null, signal()),
    ]);
    const sends = api.calls.slice(before).filter((c) => c.path === '/messages');
    const atOf = (userId: number) =>
      sends.filter((c) => c.query.get('user_id') === String(userId)).map((c) => c.at);
    const [first = 0, second = 0] = atOf(PERSON + 1);
    expect(second - first).toBeGreaterThanOrEqual(490);
    // The other chat does not wait behind the first one's half second.
    expect(atOf(PERSON + 2)[0] ?? Number.POSITIVE_INFINITY).toBeLessThan(second);
  });
});
