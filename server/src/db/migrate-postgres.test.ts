import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const base = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(
  readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

async function onServer<T>(url: string, query: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await query(client);
  } finally {
    await client.end();
  }
}

// Several processes and one PostgreSQL; PGlite belongs to one process.
describe.skipIf(!base)('migrations on PostgreSQL', () => {
  it('are applied once when three processes start together on an empty database, and leave no lock', async () => {
    const name = `t_migrate_${randomBytes(4).toString('hex')}`;
    const url = new URL(base as string);
    url.pathname = `/${name}`;
    await onServer(base as string, (client) => client.query(`CREATE DATABASE ${name}`));
    try {
      const databases = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ url: url.toString(), dataDir: '' })),
      );
      await Promise.all(databases.map((database) => database.close()));

      const applied = await onServer(url.toString(), async (client) => {
        const rows = await client.query('SELECT hash FROM drizzle.__drizzle_migrations');
        const locks = await client.query(
          // This database's locks only: other suites on the same server hold their own meanwhile.
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        );
        return { migrations: rows.rowCount, locks: locks.rows[0].n };
      });
      expect(applied).toEqual({ migrations: journal.entries.length, locks: 0 });
    } finally {
      await onServer(base as string, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    }
  });
});
