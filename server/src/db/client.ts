import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { inArrivalOrder } from '../queueing/arrival-order.ts';
import { claimDataDir } from './data-dir-lock.ts';
import { migratePostgres } from './migrate-postgres.ts';
import { startCheckpoints } from './pglite-checkpoints.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * PGlite only: a consistent snapshot of its data folder (a tar, gzipped unless `none` is asked:
   * the test suite's, unpacked by every test file, opens in about half the CPU time), taken while it serves.
   */
  dump?: (compression?: 'gzip' | 'none') => Promise<Blob>;
  /**
   * PGlite only: `onPayload` hears every NOTIFY on `channel`, once its transaction has committed and
   * before the statement that committed it returns. One process holds a PGlite, so it hears every
   * change; processes sharing a PostgreSQL are not given this (they ask the database instead).
   */
  listen?: (channel: string, onPayload: (payload: string) => void) => Promise<void>;
  /**
   * The name a prepared statement goes by: PostgreSQL then parses and plans it once per connection.
   * Behind PgBouncer in transaction mode none (''), as a name lives on one server connection.
   */
  statementName(name: string): string;
  /** PGlite in a folder only: checkpoints now if anything was written since the last one. */
  checkpoint?: () => Promise<boolean>;
  /** PostgreSQL only: the connection pool now (PGlite is one connection in the process). */
  pool?: () => { max: number; total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory for `memory://`), started
 * from `pgliteSnapshot` when given (a dump of an already migrated database: the test suite's).
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string;
  pgliteSnapshot?: Blob;
  /** `url` is a PgBouncer in transaction mode (DATABASE_PGBOUNCER). */
  throughPgbouncer?: boolean;
  /** Hears each statement as drizzle sends it: a test counts what a request costs the database. */
  onStatement?: (text: string) => void;
}): Promise<Database> {
  const logger = options.onStatement && { logQuery: options.onStatement };
  return options.url
    ? openPostgres(options.url, options.throughPgbouncer ?? false, logger)
    : openPglite(options.dataDir, options.pgliteSnapshot, logger);
}

/** drizzle's hook on every statement it sends (`onStatement`). */
type StatementLogger = { logQuery(text: string): void } | undefined;

/**
 * How long the database may keep a request waiting. Past these a request answers 503 in Russian
 * (http/errors.ts) instead of hanging for as long as a network partition or a stuck lock lasts.
 */
export const DATABASE_TIMEOUTS = {
  /** A connection from the pool, or a new one to the server. */
  connectMs: 3_000,
  /** One statement: the server cancels it (a stuck lock), the client gives up (no answer at all). */
  statementMs: 5_000,
  /** A transaction left open by a client that stopped talking: the server ends it. */
  idleInTransactionMs: 10_000,
} as const;

/** Connections each process keeps to PostgreSQL at most. */
const POOL_MAX = 10;

async function openPostgres(
  url: string,
  throughPgbouncer: boolean,
  logger: StatementLogger,
): Promise<Database> {
  // Migrations wait for other processes' migrations (the advisory lock) and may run long: on a
  // connection of their own, without the timeouts every request has; but a server that cannot be
  // reached fails the start instead of holding it for as long as the partition lasts.
  const migrator = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
  });
  // The server going away during the migrations fails the start through the query in flight.
  migrator.on('error', () => {});
  await migrator.connect();
  try {
    await migratePostgres(migrator, migrationsFolder);
  } finally {
    await migrator.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
    // Sent as startup parameters, which PgBouncer refuses: behind it the role carries them (docs/operations.md).
    ...(throughPgbouncer
      ? {}
      : {
          statement_timeout: DATABASE_TIMEOUTS.statementMs,
          idle_in_transaction_session_timeout: DATABASE_TIMEOUTS.idleInTransactionMs,
        }),
    // The client's own limit, a little longer: the server's cancel wins when the server answers.
    query_timeout: DATABASE_TIMEOUTS.statementMs + 1_000,
    keepAlive: true,
  });
  // A connection the server drops (a restart, a failover, pg_terminate_backend, PgBouncer going
  // away) emits 'error' on its client, and an 'error' nobody hears ends the process. The pool hears
  // its idle clients only; one checked out to a request (every transaction holds one) is heard here,
  // for its whole life: the request's query fails on its own (a 503, http/errors.ts), the pool drops
  // the broken client when it is released and opens a new one on the next query.
  pool.on('connect', (client) => {
    client.on('error', (error) => console.warn(`PostgreSQL dropped a connection: ${error.message}`));
  });
  // The pool passes an idle client's error on here as well: already told above.
  pool.on('error', () => {});
  if (throughPgbouncer) {
    const { rows } = await pool.query<{ statement_timeout: string }>('SHOW statement_timeout');
    if (rows[0]?.statement_timeout === '0')
      console.warn(
        "DATABASE_PGBOUNCER: the database role has no statement_timeout, so a stuck statement holds its connection for good; ALTER ROLE … SET statement_timeout = '5s' (docs/operations.md)",
      );
  }
  const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    statementName: (name) => (throughPgbouncer ? '' : name),
    pool: () => ({ max: POOL_MAX, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: once(() => pool.end()),
  };
}

async function openPglite(
  dataDir: string,
  snapshot: Blob | undefined,
  logger: StatementLogger,
): Promise<Database> {
  const inMemory = dataDir === 'memory://';
  const location = inMemory ? dataDir : path.resolve(dataDir, 'pglite');
  if (!inMemory) mkdirSync(location, { recursive: true });
  const release = inMemory ? () => {} : claimDataDir(`${location}.pid`);
  try {
    const client = await PGlite.create(location, snapshot ? { loadDataDir: snapshot } : {});
    // PostgreSQL's default (4) prices a page read at random as a disk seek, which PGlite's pages,
    // in memory or the OS's cache, never are: with it a report's two partners were read by a scan of
    // every purchase rather than their offers' index (a weekly chunk 52 → 29 ms: docs/performance.md).
    await client.exec('SET random_page_cost = 1.1');
    const pgliteDb = drizzlePglite({ client: inArrivalOrder(client), schema, logger });
    await migratePglite(pgliteDb, { migrationsFolder });
    // A folder on disk outlives a crash: what it must replay then stays short (pglite-checkpoints.ts).
    const checkpoints = inMemory ? undefined : startCheckpoints(client);
    const db = pgliteDb as unknown as Db;
    return {
      db,
      kind: 'pglite',
      statementName: (name) => name,
      dump: (compression = 'gzip') => client.dumpDataDir(compression),
      listen: async (channel, onPayload) => {
        await client.listen(channel, onPayload);
      },
      checkpoint: checkpoints?.now,
      close: once(async () => {
        await checkpoints?.stop();
        await client.close().finally(release);
      }),
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Closing twice (a failed health check's test, then shutdown) must not throw. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}
