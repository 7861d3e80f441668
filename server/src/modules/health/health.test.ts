import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('answers up while the database answers, without init data', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ ok: true, db: 'up' });
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

it('answers 503 when the database is down', async () => {
  await t.database.close();
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ ok: false, db: 'down' });
});
