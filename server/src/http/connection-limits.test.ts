import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, telegramUser } from '../../test/harness.ts';
import { signInitData } from '../telegram/init-data.ts';

/** A raw connection to `port`, with everything the server sends it and whether it has closed. */
async function open(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => {
    received += chunk;
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    socket,
    closed,
    received: () => received,
    /** Resolves once a whole answer (headers and its body of Content-Length) has come. */
    async answer(): Promise<string> {
      for (;;) {
        const length = /content-length: (\d+)/i.exec(received)?.[1];
        const bodyAt = received.indexOf('\r\n\r\n');
        if (length && bodyAt !== -1 && Buffer.byteLength(received.slice(bodyAt + 4)) >= Number(length))
          return received;
        if (socket.destroyed) return received;
        await new Promise((resolve) => socket.once('data', resolve).once('close', resolve));
      }
    },
  };
}

const statusOf = (answer: string) => Number(answer.slice(9, 12));
const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
const GET_CSRF = 'GET /api/csrf HTTP/1.1\r\nHost: localhost\r\n\r\n';

async function listening(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as { port: number }).port;
}

describe('a request that never arrives whole', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { REQUEST_TIMEOUT_S: '1' } });
    port = await listening(t);
  });
  afterAll(() => t?.close());

  it('is answered 408 in Russian and closed when its body stops coming', async () => {
    const caller = await open(port);
    // Signed in and with its CSRF token, so the gates before the body let it through to be read.
    const csrf = (await t.app.inject({ method: 'GET', url: '/api/csrf' })).json().token as string;
    const initData = signInitData(telegramUser('slow_body'), t.botToken);
    caller.socket.write(
      `POST /api/me/consent HTTP/1.1\r\nHost: localhost\r\nAuthorization: tma ${initData}\r\nX-XSRF-Token: ${csrf}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a`,
    );
    await caller.closed;
    expect(statusOf(caller.received())).toBe(408);
    expect(bodyOf(caller.received())).toEqual({
      error: 'request_timeout',
      message: 'Запрос не пришел целиком вовремя. Попробуйте снова.',
    });
  });

  it('is closed when its headers stop coming', async () => {
    const caller = await open(port);
    caller.socket.write('GET /api/csrf HTTP/1.1\r\nHost: localhost\r\n');
    await caller.closed;
    expect(statusOf(caller.received())).toBe(408);
  });

  it('does not stop a whole request from being answered', async () => {
    const caller = await open(port);
    caller.socket.write(GET_CSRF);
    expect(statusOf(await caller.answer())).toBe(200);
    caller.socket.destroy();
  });
});

describe('connections from one address', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    // Loopback is not the trusted proxy here, so the test's own connections count as a caller's.
    t = await createTestApp({ env: { MAX_CONNECTIONS_PER_ADDRESS: '3', TRUSTED_PROXIES: '10.9.9.9' } });
    port = await listening(t);
  });
  afterAll(() => t?.close());

  it('are bounded: one past the bound is answered 429 in Russian and closed; a closed one frees its place', async () => {
    const held = [];
    for (let i = 0; i < 3; i += 1) {
      const caller = await open(port);
      caller.socket.write(GET_CSRF);
      expect(statusOf(await caller.answer())).toBe(200);
      held.push(caller);
    }

    const fourth = await open(port);
    fourth.socket.write(GET_CSRF);
    await fourth.closed;
    expect(statusOf(fourth.received())).toBe(429);
    expect(bodyOf(fourth.received())).toEqual({
      error: 'too_many_connections',
      message:
        'Слишком много одновременных соединений с вашего адреса. Подождите немного и попробуйте снова.',
    });

    held[0]?.socket.destroy();
    await held[0]?.closed;
    // The server hears the close a moment after the caller: the next connection may come first.
    let answered = 0;
    for (let tries = 0; answered !== 200 && tries < 50; tries += 1) {
      const next = await open(port);
      next.socket.write(GET_CSRF);
      answered = statusOf(await next.answer());
      next.socket.destroy();
      await next.closed;
    }
    expect(answered).toBe(200);
    for (const caller of held) caller.socket.destroy();
  });
});

describe('connections from the trusted proxy', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_CONNECTIONS_PER_ADDRESS: '3' } });
    port = await listening(t);
  });
  afterAll(() => t?.close());

  it('are not counted: it carries everyone behind it', async () => {
    const callers = await Promise.all(Array.from({ length: 6 }, () => open(port)));
    for (const caller of callers) caller.socket.write(GET_CSRF);
    const statuses = await Promise.all(callers.map(async (caller) => statusOf(await caller.answer())));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    for (const caller of callers) caller.socket.destroy();
  });
});
