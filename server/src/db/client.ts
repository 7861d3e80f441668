import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any constant: processes starting together take turns applying migrations. */
const MIGRATION_LOCK_KEY = 7_140_421;

/** PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory for `memory://`). */
export async function openDatabase(options: { url?: string; dataDir: string }): Promise<Database> {
  return options.url ? openPostgres(options.url) : openPglite(options.dataDir);
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops (a restart, a failover) emits here; unheard, it would end
  // the process. The pool opens a new connection on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`));
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`SELECT 1`);
    },
    close: once(() => pool.end()),
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir === 'memory://';
  const location = inMemory ? dataDir : path.resolve(dataDir, 'pglite');
  if (!inMemory) mkdirSync(location, { recursive: true });
  const client = await PGlite.create(location);
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`SELECT 1`);
    },
    close: once(() => client.close()),
  };
}

/** Closing twice (a failed health check's test, then shutdown) must not throw. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}
