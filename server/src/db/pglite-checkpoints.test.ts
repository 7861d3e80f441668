import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';

/**
 * After a SIGKILL PGlite replays every byte of WAL written since its last checkpoint before it
 * answers, and as a single-user backend it never checkpoints by itself. What is shown here is what
 * bounds that replay: the WAL past the last checkpoint's redo point, not a time.
 */
let dataDir: string;
let database: Database;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'kss-checkpoint-'));
  database = await openDatabase({ dataDir });
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Bytes of WAL a crash now would replay: from the last checkpoint's redo point to the insert position. */
async function walToReplay(): Promise<number> {
  const result = (await database.db.execute(
    sql`select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), (pg_control_checkpoint()).redo_lsn)::text as bytes`,
  )) as unknown as { rows: Array<{ bytes: string }> };
  return Number(result.rows[0]?.bytes);
}

async function write(megabytes: number) {
  await database.db.execute(sql`create table if not exists scratch (v text)`);
  await database.db.execute(
    sql`insert into scratch select repeat(md5(g::text), 32) from generate_series(1, ${megabytes * 1000}) g`,
  );
}

describe('PGlite in a folder checkpoints while it is written to', () => {
  it('is given a checkpoint by the server (PGlite never makes one alone)', () => {
    expect(database.kind).toBe('pglite');
    expect(database.checkpoint).toBeTypeOf('function');
  });

  it('leaves almost nothing to replay after a checkpoint, where writes alone pile WAL up', async () => {
    await write(8);
    // No checkpoint of PostgreSQL's own came: a crash now would replay all of it.
    expect(await walToReplay()).toBeGreaterThan(8 * 1024 * 1024);
    expect(await database.checkpoint?.()).toBe(true);
    expect(await walToReplay()).toBeLessThan(64 * 1024);
  });

  it('does not checkpoint a database nobody wrote to since', async () => {
    await write(1);
    expect(await database.checkpoint?.()).toBe(true);
    expect(await database.checkpoint?.()).toBe(false);
  });
});
