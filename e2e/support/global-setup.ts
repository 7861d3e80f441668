import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/src/db/client.ts';
import { startFakeBotApi } from '../../test-support/fake-bot-api.ts';
import { DEMO, E2E_BOT_TOKEN, E2E_CHAT_ID, E2E_WORKERS, FRESH_MEMBERS, portOfWorker } from './constants.ts';
import { MIGRATED_DATA_DIR, startServer } from './server.ts';

type Stop = () => Promise<void>;

/** An embedded database migrated once for the run, in a folder servers copy (server.ts). */
async function migratedDataDir(): Promise<string> {
  const folder = mkdtempSync(path.join(tmpdir(), 'kss-e2e-migrated-'));
  const database = await openDatabase({ dataDir: folder });
  await database.close();
  return folder;
}

/**
 * Starts, for each worker, the real server as production would run it with a bot: a test bot
 * token, a fake Bot API on loopback answering getChatMember, demo data. (The local stand-in and
 * the server with Telegram's payment sheet are started by the one spec each that uses them.) When
 * one fails to start, those that did are stopped: nothing is left running for the next run to
 * trip over.
 */
export default async function globalSetup() {
  const migrated = await migratedDataDir();
  // Workers start after this, with the runner's environment: the specs' own servers find it too.
  process.env[MIGRATED_DATA_DIR] = migrated;
  const stops = { servers: [] as Stop[], botApis: [] as Stop[] };
  const stopAll = async () => {
    await Promise.all(stops.servers.map((stop) => stop()));
    await Promise.all(stops.botApis.map((stop) => stop()));
    rmSync(migrated, { recursive: true, force: true });
  };
  const started = await Promise.allSettled(
    Array.from({ length: E2E_WORKERS }, (_, worker) => startWorkerServers(worker, stops)),
  );
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  return stopAll;
}

async function startWorkerServers(worker: number, stops: { servers: Stop[]; botApis: Stop[] }) {
  const port = portOfWorker(worker);
  const botApi = await startFakeBotApi({ token: E2E_BOT_TOKEN });
  stops.botApis.push(() => botApi.close());
  for (const user of [DEMO.admin, DEMO.partner, DEMO.member, ...Object.values(FRESH_MEMBERS)]) {
    botApi.members.set(user.id, 'member');
  }
  botApi.members.set(DEMO.guest.id, 'left');

  const stop = await startServer(
    `http://127.0.0.1:${port}`,
    {
      NODE_ENV: 'test',
      DEMO_DATA: '1',
      BOT_TOKEN: E2E_BOT_TOKEN,
      PAYMENT_PROVIDER: 'sandbox',
      TELEGRAM_API_ROOT: botApi.apiRoot,
      COMMUNITY_CHAT_ID: E2E_CHAT_ID,
      COMMUNITY_CHAT_LINK: 'https://t.me/katajsya_s_nami_chat',
    },
    { migrated: true },
  );
  stops.servers.push(stop);
}
