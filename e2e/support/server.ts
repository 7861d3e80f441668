import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

/**
 * A bound, not a speed claim: a server migrating and seeding on a loaded 2-core runner beside other
 * servers doing the same has taken over a minute.
 */
export const SERVER_START_BOUND_MS = 300_000;

/**
 * The run's migrated data folder (global-setup.ts), which a server may start from instead of an
 * empty one: it then starts as after a restart, in about 3.7 CPU seconds instead of 8.3 (initdb
 * and every migration), and the run's servers all started at once on two cores.
 */
export const MIGRATED_DATA_DIR = 'E2E_MIGRATED_DATA_DIR';

/**
 * The real server in a process of its own, on an embedded database in a fresh folder (a copy of the
 * run's migrated one when `migrated`); resolves to its stop.
 */
export async function startServer(
  baseUrl: string,
  env: Record<string, string>,
  { migrated = false }: { migrated?: boolean } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kss-e2e-'));
  if (migrated) {
    const template = process.env[MIGRATED_DATA_DIR];
    if (!template) throw new Error(`${MIGRATED_DATA_DIR} is not set: global-setup.ts makes it`);
    cpSync(template, dataDir, { recursive: true });
  }
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
  // A worker that gives up on a hook while the server starts exits without calling stop: the
  // server goes with it rather than hold its port against the retry.
  const killOnExit = () => server.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(server, baseUrl, Date.now() + SERVER_START_BOUND_MS);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
