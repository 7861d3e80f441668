import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeBotApi } from '../../test-support/fake-bot-api.ts';
import {
  DEMO,
  E2E_BASE_URL,
  E2E_BOT_TOKEN,
  E2E_CHAT_ID,
  E2E_STAND_IN_URL,
  FRESH_MEMBERS,
} from './constants.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

async function waitForHealth(server: ChildProcess, baseUrl: string, deadline: number) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not become healthy in time');
}

/** The real server in a process of its own, on an embedded database in a fresh folder. */
async function startServer(baseUrl: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kss-e2e-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: new URL(baseUrl).port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(server, baseUrl, Date.now() + 60_000);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * Starts the real server as production would run it with a bot: a test bot token, a fake Bot API
 * on loopback answering getChatMember, demo data. Beside it, the local stand-in as `npm start`
 * runs it, with no bot at all.
 */
export default async function globalSetup() {
  const botApi = await startFakeBotApi({ token: E2E_BOT_TOKEN });
  for (const user of [DEMO.admin, DEMO.partner, DEMO.member, ...Object.values(FRESH_MEMBERS)]) {
    botApi.members.set(user.id, 'member');
  }
  botApi.members.set(DEMO.guest.id, 'left');

  const stopWithBot = await startServer(E2E_BASE_URL, {
    NODE_ENV: 'test',
    DEMO_DATA: '1',
    BOT_TOKEN: E2E_BOT_TOKEN,
    PAYMENT_PROVIDER: 'sandbox',
    TELEGRAM_API_ROOT: botApi.apiRoot,
    COMMUNITY_CHAT_ID: E2E_CHAT_ID,
    COMMUNITY_CHAT_LINK: 'https://t.me/katajsya_s_nami_chat',
  });
  const stopStandIn = await startServer(E2E_STAND_IN_URL, {});

  return async () => {
    await Promise.all([stopWithBot(), stopStandIn()]);
    await botApi.close();
  };
}
