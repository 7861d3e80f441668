import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMaxApi, startFakeMaxApi } from '../../../../test-support/fake-max-api.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { maxWebhookSecret } from './max-bot.manifest.ts';
import { MAX_WEBHOOK_PATH } from './max-bot.routes.ts';

const TOKEN = 'max-test-token_0123456789abcdef';
const BOT_NAME = 'id7707083893_bot';
const COMMUNITY = '-70123456789012';
const person = { user_id: 67890, first_name: 'Макс', username: 'maks_on_max', is_bot: false };

let maxApi: FakeMaxApi;
beforeAll(async () => {
  maxApi = await startFakeMaxApi({ token: TOKEN, botName: BOT_NAME });
});
afterAll(() => maxApi.close());

const maxEnv = () => ({
  MAX_BOT_TOKEN: TOKEN,
  MAX_BOT_NAME: BOT_NAME,
  MAX_COMMUNITY_CHAT_ID: COMMUNITY,
  MAX_API_ROOT: maxApi.apiRoot,
});

/** The app's word on whether MAX's person `externalId` is in the community chat, as stored. */
async function storedMembership(t: TestApp, externalId: number) {
  const result = (await t.database.db.execute(
    `SELECT u.is_chat_member AS member FROM users u JOIN messenger_identities i ON i.user_id = u.id
     WHERE i.messenger = 'max' AND i.external_id = '${externalId}'`,
  )) as unknown as { rows: { member: boolean }[] };
  return result.rows[0]?.member;
}

describe('MAX’s bot by long polling (no PUBLIC_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: maxEnv() });
    await t.app.background.start();
  });
  afterAll(async () => {
    await t.app.background.stop();
    await t.close();
  });

  it('greets a person who pressed «Начать», in their MAX chat', async () => {
    await maxApi.committed(maxApi.pushUpdate({ update_type: 'bot_started', chat_id: 555, user: person }));
    const greeting = maxApi.sentMessages().findLast((m) => m.userId === person.user_id);
    expect(greeting?.text).toBeTruthy();
  });

  it('keeps the community chat’s comings and goings as the person’s membership', async () => {
    await maxApi.committed(
      maxApi.pushUpdate({
        update_type: 'user_added',
        chat_id: Number(COMMUNITY),
        user: person,
        is_channel: false,
      }),
    );
    expect(await storedMembership(t, person.user_id)).toBe(true);
    await maxApi.committed(
      maxApi.pushUpdate({
        update_type: 'user_removed',
        chat_id: Number(COMMUNITY),
        user: person,
        is_channel: false,
      }),
    );
    expect(await storedMembership(t, person.user_id)).toBe(false);
  });
});

describe('MAX’s bot by webhook (PUBLIC_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...maxEnv(), PUBLIC_URL: 'https://coupons.example.org' } });
    await t.app.background.start();
  });
  afterAll(async () => {
    await t.app.background.stop();
    await t.close();
  });

  const post = (body: unknown, secret?: string) =>
    t.app.inject({
      method: 'POST',
      url: MAX_WEBHOOK_PATH,
      headers: secret ? { 'x-max-bot-api-secret': secret } : {},
      payload: body as Record<string, unknown>,
    });

  it('subscribes MAX at start, with its secret', () => {
    expect(maxApi.subscriptions).toContainEqual(
      expect.objectContaining({
        url: `https://coupons.example.org${MAX_WEBHOOK_PATH}`,
        secret: maxWebhookSecret(TOKEN),
      }),
    );
  });

  it('takes an update only with the secret, and answers 200 to MAX', async () => {
    const joined = {
      update_type: 'user_added',
      chat_id: Number(COMMUNITY),
      user: { ...person, user_id: 67891 },
    };
    expect((await post(joined)).statusCode).toBe(401);
    expect((await post(joined, 'not-the-secret')).statusCode).toBe(401);
    expect(await storedMembership(t, 67891)).toBeUndefined();
    const taken = await post(joined, maxWebhookSecret(TOKEN));
    expect(taken.statusCode).toBe(200);
    expect(await storedMembership(t, 67891)).toBe(true);
    // An update the app has no use for is taken too: MAX would otherwise send it for hours.
    expect(
      (await post({ update_type: 'dialog_muted', chat_id: 1 }, maxWebhookSecret(TOKEN))).statusCode,
    ).toBe(200);
  });
});
