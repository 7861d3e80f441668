import 'dotenv/config';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Config, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { backupSecretPath, ensureBackupSecret } from '../src/modules/backup/backup-secret.ts';

/**
 * `npm run backup [FILE]`: a consistent snapshot of the database, taken while the server runs.
 * PostgreSQL: pg_dump's custom format. PGlite: the running server takes it (the data folder is
 * its alone); with no server running, the folder is opened here. docs/adr/0011-backups.md.
 */
export async function backupDatabase(config: Config, file: string): Promise<void> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (config.databaseUrl) {
    const dumped = spawnSync(
      'pg_dump',
      ['--format=custom', '--no-owner', '--file', file, config.databaseUrl],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    if (dumped.error || dumped.status !== 0) {
      throw new Error(
        `pg_dump failed (${dumped.error?.message ?? `exit ${dumped.status}`}); is postgresql-client installed?`,
      );
    }
    return;
  }
  writeFileSync(file, await snapshotOfPglite(config));
}

async function snapshotOfPglite(config: Config): Promise<Buffer> {
  const secretFile = backupSecretPath(config.dataDir);
  if (existsSync(secretFile)) {
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    try {
      const response = await fetch(
        `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/api/internal/backup`,
        {
          method: 'POST',
          headers: { 'x-backup-secret': ensureBackupSecret(config.dataDir) },
        },
      );
      if (!response.ok)
        throw new Error(`the server refused the backup: ${response.status} ${await response.text()}`);
      return Buffer.from(await response.arrayBuffer());
    } catch (error) {
      // No server answers: nobody holds the folder, so it is read here. Any other failure is told.
      if (!isConnectionRefused(error)) throw error;
    }
  }
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    if (!database.dump) throw new Error('this database takes no snapshot of its own');
    return Buffer.from(await (await database.dump()).arrayBuffer());
  } finally {
    await database.close();
  }
}

const isConnectionRefused = (error: unknown) =>
  (error as { cause?: { code?: string } })?.cause?.code === 'ECONNREFUSED';

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const file =
    process.argv[2] ??
    `backups/backup-${new Date().toISOString().replace(/[:.]/g, '-')}.${process.env.DATABASE_URL ? 'dump' : 'tar.gz'}`;
  backupDatabase(loadConfig(), file)
    .then(() => console.log(`backup written to ${file}`))
    .catch((error) => {
      console.error(`backup failed: ${(error as Error).message}`);
      process.exit(1);
    });
}
