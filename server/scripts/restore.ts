import 'dotenv/config';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Config, loadConfig } from '../src/config.ts';

/**
 * `npm run restore FILE`: a backup of `npm run backup` into an empty data folder (PGlite) or an
 * empty database (PostgreSQL). A database that holds anything is refused: a restore never mixes.
 */
export async function restoreDatabase(config: Config, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`no backup at ${file}`);
  if (config.databaseUrl) {
    await refuseNonEmptyDatabase(config.databaseUrl);
    const restored = spawnSync(
      'pg_restore',
      ['--no-owner', '--exit-on-error', '--dbname', config.databaseUrl, file],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    if (restored.error || restored.status !== 0) {
      throw new Error(`pg_restore failed (${restored.error?.message ?? `exit ${restored.status}`})`);
    }
    return;
  }
  const dataDir = path.resolve(config.dataDir, 'pglite');
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} is not empty: restore into a new DATA_DIR, or move this one away first`);
  }
  mkdirSync(dataDir, { recursive: true });
  const database = await PGlite.create({ dataDir, loadDataDir: new Blob([readFileSync(file)]) });
  await database.close();
}

async function refuseNonEmptyDatabase(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    if (Number(rows[0]?.n) > 0)
      throw new Error('the database is not empty: restore into a new, empty database');
  } finally {
    await client.end();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npm run restore FILE');
    process.exit(1);
  }
  restoreDatabase(loadConfig(), file)
    .then(() => console.log(`restored from ${file}`))
    .catch((error) => {
      console.error(`restore failed: ${(error as Error).message}`);
      process.exit(1);
    });
}
