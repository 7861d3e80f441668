import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('liveness and readiness', () => {
  it('answers up while the database answers with the newest schema, without init data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    // No Bot API call yet: Telegram's reach is not known (outbox-backlog.test.ts has it known).
    expect(res.json()).toEqual({ ok: true, db: 'up', telegram: 'unknown', oldestUnsentMessageS: 0 });
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect({ status: live.statusCode, body: live.json() }).toEqual({ status: 200, body: { ok: true } });
  });

  // Only PostgreSQL has connections to lose; PGlite lives in this process.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'keeps answering after PostgreSQL drops its idle connections',
    async () => {
      await t.app.inject({ method: 'GET', url: '/api/health' });
      const admin = new pg.Client({ connectionString: t.databaseUrl });
      await admin.connect();
      try {
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        );
      } finally {
        await admin.end();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    },
  );

  it('is not ready on a database that lacks the newest migration, though it answers', async () => {
    const other = await createTestApp();
    try {
      await other.database.db.execute(
        sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
      );
      const behind = await other.app.inject({ method: 'GET', url: '/api/health' });
      await other.database.db.execute(sql`DROP SCHEMA drizzle CASCADE`);
      const empty = await other.app.inject({ method: 'GET', url: '/api/health' });

      const notMigrated = { ok: false, db: 'not_migrated', telegram: 'unknown', oldestUnsentMessageS: null };
      expect([behind.statusCode, behind.json()]).toEqual([503, notMigrated]);
      expect([empty.statusCode, empty.json()]).toEqual([503, notMigrated]);
      expect((await other.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('answers 503 when the database is down, while the process still lives', async () => {
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ok: false, db: 'down', telegram: 'unknown', oldestUnsentMessageS: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });
});
