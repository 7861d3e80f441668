/**
 * What PGlite replays after a SIGKILL, with and without the server's checkpoints
 * (`src/db/pglite-checkpoints.ts`): a writer process keeps PGlite busy with writes for a while and
 * is SIGKILLed, then a fresh process opens the folder (recovery: the WAL since the last checkpoint
 * replayed) and another opens it again (a start after a clean close, the ratio's base). Every step
 * is a process of its own; the writes are heavier than the app's (a row of 1 KB a thousand at a
 * time), to stand for a server that ran long under a load.
 *
 * `node --import tsx server/bench/wal-replay.ts [seconds of writes]`, or `npm run bench -- --crash`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { startCheckpoints } from '../src/db/pglite-checkpoints.ts';
import { outputOf, runTs } from './processes.ts';

const SELF = path.relative(fileURLToPath(new URL('../..', import.meta.url)), fileURLToPath(import.meta.url));

export interface WalReplayResult {
  checkpoints: boolean;
  /** MB of WAL past the last checkpoint's redo point when the writer was killed. */
  walMb: number;
  recoveryMs: number;
  cleanMs: number;
  load: number;
}

async function timedOpen(location: string): Promise<number> {
  const started = performance.now();
  const client = await PGlite.create(location);
  const ms = performance.now() - started;
  await client.close();
  return ms;
}

/** In the writer process: writes for `seconds`, then reports the WAL to replay and kills itself. */
async function writeThenDie(location: string, checkpoints: boolean, seconds: number) {
  const client = await PGlite.create(location);
  const timer = checkpoints ? startCheckpoints(client) : undefined;
  await client.exec('create table if not exists scratch (id serial primary key, v text)');
  const until = Date.now() + seconds * 1_000;
  for (let i = 0; Date.now() < until; i += 1) {
    await client.exec(
      `insert into scratch (v) select repeat(md5(g::text), 32) from generate_series(1, 1000) g;
       update scratch set v = v where id % 7 = ${i % 7}`,
    );
    // A server's requests come through the event loop, where the checkpoints' timer runs too.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const { rows } = await client.query<{ bytes: string }>(
    'select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), (pg_control_checkpoint()).redo_lsn)::text as bytes',
  );
  console.log(JSON.stringify({ walMb: Number(rows[0]?.bytes) / 1024 / 1024 }));
  void timer;
  process.kill(process.pid, 'SIGKILL');
}

async function killedWriter(location: string, checkpoints: boolean, seconds: number): Promise<number> {
  const child = runTs(SELF, ['write', location, String(checkpoints), String(seconds)]);
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  await new Promise((resolve) => child.once('exit', resolve));
  if (child.signalCode !== 'SIGKILL') throw new Error(`the writer ended with ${child.exitCode}`);
  return (JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as { walMb: number }).walMb;
}

const openIn = async (location: string) => Number(await outputOf(runTs(SELF, ['open', location])));

export async function measureWalReplay(seconds = 30): Promise<WalReplayResult[]> {
  const results: WalReplayResult[] = [];
  for (const checkpoints of [false, true]) {
    const dir = mkdtempSync(path.join(tmpdir(), 'kss-wal-'));
    const location = path.join(dir, 'pglite');
    try {
      await openIn(location); // made (initdb) and closed cleanly, before the writes
      const walMb = await killedWriter(location, checkpoints, seconds);
      const load = loadavg()[0] ?? 0;
      const recoveryMs = await openIn(location);
      const cleanMs = await openIn(location);
      results.push({ checkpoints, walMb, recoveryMs, cleanMs, load });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return results;
}

export function printWalReplay(results: WalReplayResult[], seconds: number) {
  console.log(
    `\nPGlite alone, SIGKILLed after ${seconds} s of writes; opening the folder after it, then after a clean close:`,
  );
  console.table(
    results.map((r) => ({
      checkpoints: r.checkpoints ? 'the server’s: 15 s or 64 MB' : 'none (PGlite alone)',
      'WAL to replay MB': r.walMb.toFixed(1),
      'open after SIGKILL ms': Math.round(r.recoveryMs),
      'open after clean close ms': Math.round(r.cleanMs),
      ratio: `${(r.recoveryMs / r.cleanMs).toFixed(2)}×`,
      'load average': r.load.toFixed(1),
    })),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [command, location, flag, seconds] = process.argv.slice(2);
  if (command === 'write' && location) await writeThenDie(location, flag === 'true', Number(seconds));
  else if (command === 'open' && location) console.log(await timedOpen(location));
  else {
    const time = Number(command ?? 30);
    printWalReplay(await measureWalReplay(time), time);
  }
}
