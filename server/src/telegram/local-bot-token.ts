import { randomBytes, randomInt } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The local stand-in's bot token (ARCHITECTURE §4): made once and kept in the data directory, so
 * init data it signed stays valid across restarts. Never used when BOT_TOKEN is configured.
 */
export function localBotToken(dataDir: string): string {
  const file = path.resolve(dataDir, 'local-bot-token');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const token = `${randomInt(100_000_000, 999_999_999)}:${randomBytes(26).toString('base64url')}`;
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${token}\n`, { mode: 0o600 });
    return token;
  }
}
