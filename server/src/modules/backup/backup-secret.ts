import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The key `npm run backup` shows the running server: a file only the server's user can read. */
export const backupSecretPath = (dataDir: string) => path.resolve(dataDir, 'backup-secret');

export function ensureBackupSecret(dataDir: string): string {
  const file = backupSecretPath(dataDir);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}
