import type { AddressInfo } from 'node:net';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, telegramUser } from '../../test/harness.ts';
import { openDatabase } from './client.ts';

/**
 * A TCP proxy in front of PostgreSQL that can stop forwarding while keeping every connection open:
 * a network partition, as the server sees one.
 */
async function startPartitionableProxy(target: { host: string; port: number }) {
  let partitioned = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk) => partitioned || upstream.write(chunk));
    upstream.on('data', (chunk) => partitioned || client.write(chunk));
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    partition: () => {
      partitioned = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

// A partition needs a network between the server and its database; PGlite lives in the process.
describe.runIf(process.env.TEST_DATABASE_URL)('a database that stops answering', () => {
  let direct: TestApp;
  let viaProxy: TestApp;
  let proxy: Awaited<ReturnType<typeof startPartitionableProxy>>;

  beforeAll(async () => {
    direct = await createTestApp();
    const url = new URL(direct.databaseUrl as string);
    proxy = await startPartitionableProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    viaProxy = await createTestApp({ sameDatabaseAs: { ...direct, databaseUrl: url.toString() } });
  });
  afterAll(async () => {
    await proxy.partition();
    await Promise.all([viaProxy.close().catch(() => {}), proxy.close()]);
    await direct.close();
  });

  it('answers 503 in Russian, health 503, instead of holding the request', async () => {
    const member = telegramUser('partition_member');
    expect((await viaProxy.as(member).get('/api/partners/region')).statusCode).toBe(200);
    expect((await viaProxy.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    proxy.partition();
    const [call, health] = await Promise.all([
      viaProxy.as(member).get('/api/partners/region'),
      viaProxy.app.inject({ method: 'GET', url: '/api/health' }),
    ]);

    expect({ status: call.statusCode, body: call.json() }).toEqual({
      status: 503,
      body: { error: 'database_unavailable', message: 'База данных не отвечает. Попробуйте через минуту.' },
    });
    // Telegram's side is told beside it; with the database down, no message's wait can be read.
    expect([health.statusCode, health.json()]).toEqual([
      503,
      { ok: false, db: 'down', telegram: 'unknown', oldestUnsentMessageS: null },
    ]);
  });

  it('fails a start that cannot reach the database, instead of holding it', async () => {
    const url = new URL(direct.databaseUrl as string);
    const silent = await startPartitionableProxy({ host: url.hostname, port: Number(url.port || 5432) });
    try {
      silent.partition();
      url.hostname = '127.0.0.1';
      url.port = String(silent.port);
      await expect(openDatabase({ url: url.toString(), dataDir: '' })).rejects.toThrow(/timeout/);
    } finally {
      await silent.close();
    }
  });
});
