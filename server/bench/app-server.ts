import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { localBotToken } from '../src/telegram/local-bot-token.ts';
import { freePort, runTs, stop } from './processes.ts';

export interface AppServer {
  base: string;
  /** The bot token (the stand-in's, or BOT_TOKEN), to sign init data as the server checks it. */
  botToken: string;
  /** Where the server's log went (info level, as `npm start` logs). */
  logFile: string;
  /** The server's process id. */
  pid: number;
  stop(): Promise<void>;
}

async function waitForHealth(base: string, exited: () => boolean) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error('the server exited before it answered');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not become healthy within 90 s');
}

/**
 * The server as a user meets it (`npm start`: the local stand-in, demo data, info-level log), in a
 * process of its own on a fresh data folder; on PostgreSQL when `databaseUrl` is given.
 */
export async function startAppServer(options: {
  databaseUrl?: string;
  cpuProfileDir?: string;
  /** More of the environment: a bot (BOT_TOKEN, TELEGRAM_API_ROOT, …) instead of the stand-in. */
  env?: Record<string, string>;
  /** A data folder to start on (and keep): the one a server before it ran on. */
  dataDir?: string;
}) {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'kss-bench-'));
  const logFile = path.join(dataDir, 'server.log');
  const log = openSync(logFile, 'a');
  const port = await freePort();
  const server = runTs('server/src/main.ts', [], {
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      // BENCH_DATABASE_URL through PgBouncer in transaction mode: the server must know it.
      ...(process.env.DATABASE_PGBOUNCER ? { DATABASE_PGBOUNCER: process.env.DATABASE_PGBOUNCER } : {}),
      ...options.env,
    },
    nodeFlags: options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [],
    stdout: log,
  });
  closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(base, () => server.exitCode !== null);
  } catch (error) {
    await stop(server);
    throw error;
  }
  return {
    base,
    botToken: options.env?.BOT_TOKEN ?? localBotToken(dataDir),
    logFile,
    pid: server.pid ?? 0,
    stop: async () => {
      await stop(server);
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  } satisfies AppServer;
}
