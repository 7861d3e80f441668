import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMaxApi, startFakeMaxApi } from '../../../test-support/fake-max-api.ts';

const TOKEN = 'max-test-token_0123456789abcdef';

let api: FakeMaxApi;

beforeAll(async () => {
  api = await startFakeMaxApi({ token: TOKEN, botName: 'id7707083893_bot' });
});
afterAll(() => api.close());

const call = (method: string, path: string, body?: unknown, token = TOKEN) =>
  fetch(`${api.apiRoot}${path}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

interface UpdatePage {
  updates: { update_type: string; chat_id?: number }[];
  marker: number;
}
const pageOf = async (response: Promise<Response>) => (await (await response).json()) as UpdatePage;

/** The fake holds to what MAX documents, so the adapter's tests mean something. */
describe('the fake MAX Bot API', () => {
  it('takes the token only in Authorization, and refuses as MAX does: a status and {success, code, message}', async () => {
    const wrong = await call('GET', '/me', undefined, 'nope');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      success: false,
      code: 'verify.token',
      message: 'Invalid access_token',
    });
    expect((await call('GET', `/me?access_token=${TOKEN}`)).status).toBe(401);
    expect(await (await call('GET', '/me')).json()).toMatchObject({
      username: 'id7707083893_bot',
      is_bot: true,
    });
  });

  it('refuses buttons MAX would: an open_app for another bot, a callback payload past 1024 characters', async () => {
    const keyboard = (button: unknown) => ({
      text: 'x',
      attachments: [{ type: 'inline_keyboard', payload: { buttons: [[button]] } }],
    });
    const otherBot = await call(
      'POST',
      '/messages?user_id=1',
      keyboard({ type: 'open_app', text: 'a', web_app: 'x' }),
    );
    expect(otherBot.status).toBe(400);
    const longPayload = await call(
      'POST',
      '/messages?user_id=1',
      keyboard({ type: 'callback', text: 'a', payload: 'p'.repeat(1025) }),
    );
    expect(((await longPayload.json()) as { code: string }).code).toBe('proto.payload');
  });

  it('serves updates by long polling, each update once its marker is passed back', async () => {
    const first = api.pushUpdate({
      update_type: 'bot_started',
      chat_id: 5,
      user: { user_id: 5, first_name: 'А' },
    });
    const page = await pageOf(call('GET', '/updates?timeout=0'));
    expect(page.updates).toHaveLength(1);
    expect(page.updates[0]).toMatchObject({ update_type: 'bot_started', chat_id: 5 });
    // The same page again until the marker commits it.
    expect((await pageOf(call('GET', '/updates?timeout=0'))).updates).toHaveLength(1);
    const committed = api.committed(first);
    const waiting = call('GET', `/updates?timeout=5&marker=${page.marker}`);
    await committed;
    api.pushUpdate({ update_type: 'bot_stopped', chat_id: 5, user: { user_id: 5, first_name: 'А' } });
    const next = await pageOf(waiting);
    expect(next.updates.map((u) => u.update_type)).toEqual(['bot_stopped']);
    expect(next.marker).toBe(page.marker + 1);
  });

  it('answers a callback once, and keeps webhook subscriptions by their https URL', async () => {
    const sent = (await (await call('POST', '/messages?user_id=7', { text: 'Оцените' })).json()) as {
      message: { body: { mid: string } };
    };
    const message = api.sentMessages().find((m) => m.mid === sent.message.body.mid);
    if (!message) throw new Error('not sent');
    const press = api.callback({ user_id: 7, first_name: 'Б' }, message, 'rate:1:5');
    const answer = () =>
      call('POST', `/answers?callback_id=${press.callback.callback_id}`, { notification: 'Спасибо' });
    expect(await (await answer()).json()).toEqual({ success: true });
    expect((await answer()).status).toBe(400);
    expect(api.answers.at(-1)).toEqual({ callbackId: press.callback.callback_id, notification: 'Спасибо' });

    expect((await call('POST', '/subscriptions', { url: 'http://example.org/hook' })).status).toBe(400);
    const hook = {
      url: 'https://example.org/api/max/webhook',
      update_types: ['message_callback'],
      secret: 'abcde',
    };
    expect(await (await call('POST', '/subscriptions', hook)).json()).toEqual({ success: true });
    const subscriptions = async () =>
      ((await (await call('GET', '/subscriptions')).json()) as { subscriptions: unknown[] }).subscriptions;
    expect(await subscriptions()).toMatchObject([hook]);
    await call('DELETE', `/subscriptions?url=${encodeURIComponent(hook.url)}`);
    expect(await subscriptions()).toEqual([]);
  });
});
