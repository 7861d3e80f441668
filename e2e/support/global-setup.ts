import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeBotApi } from '../fakes/bot-api.ts';
import { DEMO, E2E_BASE_URL, E2E_BOT_TOKEN, E2E_CHAT_ID, E2E_PORT } from './constants.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

async function waitForHealth(server: ChildProcess, deadline: number) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${E2E_BASE_URL}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not become healthy in time');
}

/**
 * Starts the real server as production would run it with a bot: a test bot token, a fake Bot API
 * on loopback answering getChatMember, an embedded database with demo data in a fresh folder.
 */
export default async function globalSetup() {
  const botApi = await startFakeBotApi({ token: E2E_BOT_TOKEN });
  for (const user of [DEMO.admin, DEMO.partner, DEMO.member]) botApi.members.set(user.id, 'member');
  botApi.members.set(DEMO.guest.id, 'left');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'kss-e2e-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      BOT_TOKEN: E2E_BOT_TOKEN,
      PAYMENT_PROVIDER: 'sandbox',
      TELEGRAM_API_ROOT: botApi.apiRoot,
      COMMUNITY_CHAT_ID: E2E_CHAT_ID,
      COMMUNITY_CHAT_LINK: 'https://t.me/katajsya_s_nami_chat',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(server, Date.now() + 60_000);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await botApi.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
