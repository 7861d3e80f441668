import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite, dumped once per run; every test file starts its own copy from it. */
    pgliteSnapshot: string;
    /** With TEST_DATABASE_URL: a migrated database every test file's database is copied from. */
    postgresTemplate?: string;
  }
}

/**
 * Migrates once per run rather than once per test file (3–5 s each): PGlite's dump, and a
 * PostgreSQL template database named for this run, so runs sharing one server do not meet. The dump
 * is not compressed: 42 MB on disk, and each file's copy opens in 0.4–0.7 CPU seconds instead of
 * 0.9–1.1 (a suite of some seventy such files).
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'kss-suite-'));
  const migrated = await openDatabase({ dataDir: 'memory://' });
  const snapshot = path.join(folder, 'migrated.tar');
  if (!migrated.dump) throw new Error('PGlite takes dumps of itself');
  writeFileSync(snapshot, Buffer.from(await (await migrated.dump('none')).arrayBuffer()));
  await migrated.close();
  project.provide('pgliteSnapshot', snapshot);

  const base = process.env.TEST_DATABASE_URL;
  let template: string | undefined;
  if (base) {
    template = `tpl_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    await onServer(base, `CREATE DATABASE ${template}`);
    const url = new URL(base);
    url.pathname = `/${template}`;
    const database = await openDatabase({ url: url.toString(), dataDir: '' });
    await database.close();
    project.provide('postgresTemplate', template);
  }

  return async () => {
    if (base && template) await onServer(base, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    rmSync(folder, { recursive: true, force: true });
  };
}

async function onServer(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
