import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { payments, purchasedCoupons, users } from '../src/db/schema.ts';
import { ensureBackupSecret } from '../src/modules/backup/backup-secret.ts';
import { addPartnerWithCoupons, buyCoupon } from '../test/fixtures.ts';
import { createTestApp, type TestApp, telegramUser } from '../test/harness.ts';
import { backupDatabase } from './backup.ts';
import { restoreDatabase } from './restore.ts';

let t: TestApp;
let work: string;
const admin = telegramUser('backup_admin');
const buyer = telegramUser('backup_buyer');
let couponId: number;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'kss-backup-'));
  t = await createTestApp({ env: { ADMIN_USERNAMES: 'backup_admin' } });
  t.botApi.members.set(buyer.id, 'member');
  const { couponIds } = await addPartnerWithCoupons(t, admin, {}, [{ price: 120, discount: 400 }]);
  couponId = couponIds[0] as number;
  for (let i = 0; i < 3; i += 1) await buyCoupon(t, buyer, couponId);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

/** Every row a restore must bring back, in a stable order. */
async function rowsOf(database: Database) {
  const { db } = database;
  return {
    users: await db.select({ id: users.id, username: users.username }).from(users).orderBy(asc(users.id)),
    payments: await db
      .select({ id: payments.id, status: payments.status })
      .from(payments)
      .orderBy(asc(payments.id)),
    coupons: await db
      .select({ id: purchasedCoupons.id, token: purchasedCoupons.qrToken, status: purchasedCoupons.status })
      .from(purchasedCoupons)
      .orderBy(asc(purchasedCoupons.id)),
  };
}

const port = () => String((t.app.server.address() as AddressInfo).port);

/**
 * The test database's address on PostgreSQL itself: pg_dump and pg_restore need a direct
 * connection (README), also when the apps go through PgBouncer (TEST_PGBOUNCER_URL).
 */
function directUrlOf(databaseUrl: string): string {
  const direct = new URL(process.env.TEST_DATABASE_URL ?? databaseUrl);
  direct.pathname = new URL(databaseUrl).pathname;
  return direct.toString();
}

describe('backups that restore', () => {
  it('snapshots the database under the running server and restores every row elsewhere', async () => {
    const file = path.join(work, 'backup.file');
    const running = loadConfig({
      DATA_DIR: t.dataDir,
      PORT: port(),
      ...(t.databaseUrl ? { DATABASE_URL: directUrlOf(t.databaseUrl) } : {}),
    });

    await backupDatabase(running, file);
    // Written after the backup: must not be in it.
    await buyCoupon(t, buyer, couponId);

    const restoredDir = path.join(work, 'restored');
    let restoredUrl: string | undefined;
    if (t.databaseUrl) restoredUrl = await emptyDatabase();
    const target = loadConfig({
      DATA_DIR: restoredDir,
      ...(restoredUrl ? { DATABASE_URL: restoredUrl } : {}),
    });
    await restoreDatabase(target, file);
    const restored = await openDatabase({ url: restoredUrl, dataDir: restoredDir });
    try {
      const now = await rowsOf(t.database);
      const back = await rowsOf(restored);
      expect(back.coupons).toHaveLength(3);
      expect(back.coupons).toEqual(now.coupons.filter((c) => back.coupons.some((b) => b.id === c.id)));
      expect(back.users).toEqual(now.users);
      expect(back.payments).toEqual(now.payments.filter((p) => back.payments.some((b) => b.id === p.id)));
      await expect(restoreDatabase(target, file)).rejects.toThrow(/not empty/);
    } finally {
      await restored.close();
      if (restoredUrl) await dropDatabase(restoredUrl);
    }
  });

  // The route exists for the embedded database only; PostgreSQL is dumped by pg_dump itself.
  it.skipIf(process.env.TEST_DATABASE_URL)(
    'gives the embedded database’s snapshot only to this machine, with the key',
    async () => {
      const fromAfar = await t.app.inject({
        method: 'POST',
        url: '/api/internal/backup',
        remoteAddress: '10.0.0.7',
      });
      const withoutKey = await t.app.inject({ method: 'POST', url: '/api/internal/backup' });
      expect([fromAfar.statusCode, withoutKey.statusCode]).toEqual([403, 403]);
      expect(withoutKey.json().message).toMatch(/ключу/);
    },
  );

  // As above: the route exists for the embedded database only.
  it.skipIf(process.env.TEST_DATABASE_URL)(
    'refuses the snapshot to a caller a reverse proxy on this machine forwards, even with the key',
    async () => {
      const key = { 'x-backup-secret': ensureBackupSecret(t.dataDir) };
      const call = (headers: Record<string, string>) =>
        t.app.inject({ method: 'POST', url: '/api/internal/backup', remoteAddress: '127.0.0.1', headers });

      const direct = await call(key);
      const proxied = await Promise.all([
        call({ ...key, 'x-forwarded-for': '203.0.113.9' }),
        call({ ...key, forwarded: 'for=203.0.113.9' }),
        call({ ...key, 'x-real-ip': '203.0.113.9' }),
      ]);
      expect(direct.statusCode).toBe(200);
      expect(proxied.map((res) => res.statusCode)).toEqual([403, 403, 403]);
    },
  );
});

// The embedded database's folder only: PostgreSQL is dumped by pg_dump, whoever holds it.
it.skipIf(process.env.TEST_DATABASE_URL)(
  'never opens the folder itself while a server that no longer listens still holds it',
  async () => {
    const dataDir = path.join(work, 'held');
    const held = await openDatabase({ dataDir });
    try {
      // A server between closing its port and closing its database (shutting down, or starting).
      ensureBackupSecret(dataDir);
      const silent = Fastify();
      await silent.listen({ port: 0, host: '127.0.0.1' });
      const closedPort = String((silent.server.address() as AddressInfo).port);
      await silent.close();

      await expect(
        backupDatabase(loadConfig({ DATA_DIR: dataDir, PORT: closedPort }), path.join(work, 'x.tar.gz')),
      ).rejects.toThrow(/open in process/);
    } finally {
      await held.close();
    }
  },
  60_000,
);

async function emptyDatabase(): Promise<string> {
  const url = new URL(directUrlOf(t.databaseUrl as string));
  const name = `restore_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(url: string) {
  const admin = new pg.Client({ connectionString: directUrlOf(t.databaseUrl as string) });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  await admin.end();
}
