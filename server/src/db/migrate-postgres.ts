import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';

/** Any constant: processes starting together take turns applying migrations. */
const MIGRATION_LOCK_KEY = 7_140_421;

/**
 * The committed migrations, applied as drizzle's migrator applies them (its table, hashes and
 * order), in one transaction that first takes a transaction-scoped advisory lock: processes
 * starting together take turns. The lock ends with the transaction on whatever server connection
 * a pooler lends it; a session lock (PgBouncer in transaction mode) could be taken on one server
 * connection, released on another, and stay behind, holding every later start.
 */
export async function migratePostgres(client: pg.Client, migrationsFolder: string): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query('CREATE SCHEMA IF NOT EXISTS drizzle');
    await client.query(
      'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
    );
    const { rows } = await client.query<{ created_at: string }>(
      'SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
    );
    const newest = rows[0] === undefined ? undefined : Number(rows[0].created_at);
    for (const migration of migrations) {
      if (newest !== undefined && newest >= migration.folderMillis) continue;
      for (const statement of migration.sql) await client.query(statement);
      await client.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [
        migration.hash,
        migration.folderMillis,
      ]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
