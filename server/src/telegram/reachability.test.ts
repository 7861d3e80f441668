import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBotApi, startFakeBotApi } from '../../../test-support/fake-bot-api.ts';
import { TEST_BOT_TOKEN } from '../../test/harness.ts';
import { abortAfter, createBotApi } from './bot-api.ts';
import { createTelegramReachability } from './reachability.ts';

const blocked = { error_code: 403, description: 'Forbidden: bot was blocked by the user' };
const flood = { error_code: 429, description: 'Too Many Requests: retry after 5', retry_after: 5 };

let telegram: FakeBotApi;
/** A relay in front of Telegram that lost its way there: nginx's HTML 502, not Telegram's JSON. */
let relay: Server;
let relayRoot: string;

beforeAll(async () => {
  telegram = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  relay = createServer((_request, response) => {
    response.writeHead(502, { 'content-type': 'text/html' });
    response.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  relayRoot = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await telegram.close();
  await new Promise((resolve) => relay.close(resolve));
});

/** A reachability record watching an Api on `apiRoot`. */
function watched(apiRoot = telegram.apiRoot) {
  const reachability = createTelegramReachability();
  const api = createBotApi(TEST_BOT_TOKEN, apiRoot);
  reachability.watch(api);
  return { reachability, api };
}

const failed = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    () => 'failed',
  );

describe('Telegram’s reach, by the Bot API calls of the process', () => {
  it('is unknown before the first call, and up once Telegram answers', async () => {
    const { reachability, api } = watched();
    expect(reachability.reach()).toBe('unknown');
    await api.getMe();
    expect(reachability.reach()).toBe('up');
  });

  it('is up when Telegram refuses: a blocked bot (403) and a flood wait (429) are Telegram answering', async () => {
    const { reachability, api } = watched();
    telegram.setMethodError('sendMessage', blocked);
    try {
      expect(await failed(api.sendMessage(1, 'Привет'))).toBe('failed');
      expect(reachability.reach()).toBe('up');
      telegram.setMethodError('sendMessage', flood);
      expect(await failed(api.sendMessage(1, 'Привет'))).toBe('failed');
      expect(reachability.reach()).toBe('up');
    } finally {
      telegram.setMethodError('sendMessage', undefined);
    }
  });

  it('is down on a 5xx, Telegram’s or a relay’s, and up again at the next answer', async () => {
    const { reachability, api } = watched();
    // The outage lasts by a clock of the test's: over once it is moved past, whatever the real time.
    let clock = 0;
    telegram.setClock(() => clock);
    telegram.addOutage({ fromMs: 0, untilMs: 60_000, status: 502 });
    expect(await failed(api.getMe())).toBe('failed');
    expect(reachability.reach()).toBe('down');
    clock = 60_000;
    await api.getMe();
    expect(reachability.reach()).toBe('up');

    telegram.setFailing(true);
    try {
      expect(await failed(api.getMe())).toBe('failed');
      expect(reachability.reach()).toBe('down');
    } finally {
      telegram.setFailing(false);
    }
  });

  it('is down when a relay answers its own error page instead of Telegram', async () => {
    const { reachability, api } = watched(relayRoot);
    expect(await failed(api.getMe())).toBe('failed');
    expect(reachability.reach()).toBe('down');
  });

  it('is down when nothing listens at the address (the proxy is gone)', async () => {
    const gone = await startFakeBotApi({ token: TEST_BOT_TOKEN });
    await gone.close();
    const { reachability, api } = watched(gone.apiRoot);
    expect(await failed(api.getMe())).toBe('failed');
    expect(reachability.reach()).toBe('down');
  });

  it('is down when Telegram does not answer within the caller’s deadline', async () => {
    const { reachability, api } = watched();
    await api.getMe();
    telegram.setHanging(true);
    try {
      expect(await failed(api.getChatMember(-100, 1, abortAfter(200)))).toBe('failed');
      expect(reachability.reach()).toBe('down');
    } finally {
      telegram.setHanging(false);
    }
  });

  it('learns nothing from a call its caller gave up on (a poll stopped at shutdown)', async () => {
    const { reachability, api } = watched();
    await api.getMe();
    telegram.setHanging(true);
    try {
      const stopping = new AbortController();
      const call = failed(
        api.getUpdates({ timeout: 30 }, stopping.signal as unknown as Parameters<typeof api.getUpdates>[1]),
      );
      stopping.abort();
      expect(await call).toBe('failed');
      expect(reachability.reach()).toBe('up');
    } finally {
      telegram.setHanging(false);
    }
  });
});
