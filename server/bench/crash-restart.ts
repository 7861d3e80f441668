/**
 * Start-up after a crash, on PGlite: how long the server takes to answer `GET /api/health` after it
 * was SIGKILLed under a write load, against a start after a clean stop (SIGTERM) of the same data
 * folder, measured in the same run, a few rounds alternating. The load generator
 * (`write-load.ts`) runs in a process of its own. Nothing here asserts a timing: it prints figures.
 *
 * `node --import tsx server/bench/crash-restart.ts [rounds]`, or as part of `npm run bench`.
 */
import type { ChildProcess } from 'node:child_process';
import { closeSync, cpSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { localBotToken } from '../src/telegram/local-bot-token.ts';
import { freePort, runTs, stop } from './processes.ts';
import type { WriteLoadJob } from './write-load.ts';

const LOAD_SECONDS = Number(process.env.CRASH_LOAD_SECONDS ?? 20);
const LOAD_WORKERS = Number(process.env.CRASH_LOAD_WORKERS ?? 16);

export interface CrashRestartRound {
  /** ms from spawning the server to its first 200 of /api/health. */
  cleanMs: number;
  crashMs: number;
  /** Purchases the load completed before the kill. */
  bought: number;
  load: [number, number];
}

async function healthyAfter(base: string, child: ChildProcess, since: number): Promise<number> {
  const deadline = since + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited before it answered');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return Date.now() - since;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the server did not answer within 120 s');
}

function startServer(dataDir: string, port: number, logName: string) {
  const log = openSync(path.join(dataDir, logName), 'a');
  const started = Date.now();
  const child = runTs('server/src/main.ts', [], {
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      // The load buys as one demo member many times a second: the per-user limits would refuse it.
      NODE_ENV: 'test',
    },
    stdout: log,
  });
  closeSync(log);
  return { child, started };
}

async function timedStart(dataDir: string, port: number, logName: string) {
  const { child, started } = startServer(dataDir, port, logName);
  const ms = await healthyAfter(`http://127.0.0.1:${port}`, child, started);
  return { child, ms };
}

function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  return gone;
}

export async function measureCrashRestart(
  rounds = 3,
): Promise<{ firstMs: number; rounds: CrashRestartRound[] }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kss-crash-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  try {
    // The first start migrates and seeds: not a restart, reported apart.
    const first = await timedStart(dataDir, port, 'server.log');
    await stop(first.child);
    const botToken = localBotToken(dataDir);
    const results: CrashRestartRound[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const load: [number, number] = [loadavg()[0] ?? 0, 0];
      const clean = await timedStart(dataDir, port, 'server.log');
      const job: WriteLoadJob = { base, botToken, workers: LOAD_WORKERS };
      const loader = runTs('server/bench/write-load.ts', [JSON.stringify(job)]);
      let bought = 0;
      loader.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
        const last = chunk.trim().split('\n').at(-1);
        if (last) bought = (JSON.parse(last) as { bought: number }).bought;
      });
      await new Promise((resolve) => setTimeout(resolve, LOAD_SECONDS * 1_000));
      await killed(clean.child);
      await killed(loader);
      if (process.env.CRASH_KEEP) cpSync(dataDir, `${dataDir}-killed-${round + 1}`, { recursive: true });
      const crash = await timedStart(dataDir, port, 'server.log');
      load[1] = loadavg()[0] ?? 0;
      await stop(crash.child);
      results.push({ cleanMs: clean.ms, crashMs: crash.ms, bought, load });
      console.log(
        `round ${round + 1}: clean ${clean.ms} ms, after SIGKILL ${crash.ms} ms (${(crash.ms / clean.ms).toFixed(2)}×), ${bought} purchases under load, load average ${load[0].toFixed(1)}–${load[1].toFixed(1)}`,
      );
    }
    return { firstMs: first.ms, rounds: results };
  } finally {
    if (process.env.CRASH_KEEP) console.log(`kept ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { firstMs } = await measureCrashRestart(Number(process.argv[2] ?? 3));
  console.log(`first start (migrations and demo seed): ${firstMs} ms`);
}
