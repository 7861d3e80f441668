/**
 * `npm run bench -- --burst`: a post in the chat brings thousands of members to the app
 * at once, each for the first time. BURST_USERS distinct signed users arrive at BURST_RATE a second
 * (open model) and each makes a first open's requests: /api/me (what the early script asks for on
 * every launch), /api/csrf (the app's one token, asked before its first POST), then the buy
 * screen's catalogue — regions, a region's partner types, a type's partners, a partner's offers.
 *
 * Every piece a process of its own on loopback: two server processes (a bot token, a chat id, a
 * webhook address, demo data) on one PostgreSQL through PgBouncer in transaction mode; a fake Bot
 * API answering getChatMember with Telegram's flood limit (429 and retry_after past
 * TELEGRAM_PER_SECOND calls a second); two bare Fastify processes, the yardstick, loaded the same
 * way at the same rate right before; the load generator.
 */
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { signInitData } from '../src/telegram/init-data.ts';
import { type AppServer, startAppServer } from './app-server.ts';
import type { BurstJob, BurstResult, BurstStep } from './burst-load.ts';
import { profileClock } from './cpu-profile.ts';
import type { FakeTelegramCounts, FakeTelegramJob } from './fake-telegram.ts';
import { temporaryDatabase } from './postgres.ts';
import { cpuSeconds, firstLine, outputOf, runTs, stop } from './processes.ts';

/** BENCH_BURST_USERS makes a shorter run to look at (the figures are for 5,000). */
const BURST_USERS = Number(process.env.BENCH_BURST_USERS ?? 5_000);
const BURST_RATE = 200;
/**
 * Users warming each side up right before its burst (its code compiled, its pools open: a burst meets
 * servers that have been serving), a tenth of the burst at half its rate.
 */
const WARM_UP_USERS = 600;
const WARM_UP_RATE = 100;
/** Telegram's limit as the fake applies it, to getChatMember across both processes. */
const TELEGRAM_PER_SECOND = 30;
const TELEGRAM_RETRY_AFTER_S = 5;
/** One in this many users is not in the chat (Telegram answers 400: not known there). */
const OUTSIDERS_ONE_IN = 10;
const PROCESSES = 2;
const FIRST_USER_ID = 900_000_000;
const WARM_UP_FIRST_USER_ID = 800_000_000;
const BOT_TOKEN = '4242424242:BENCH-burst-token_0123456789abcdefghij';

/** getChatMember during the app's burst: calls, by status, and per second that had any. */
interface BurstTelegram {
  getChatMember: number;
  byStatus: Record<string, number>;
  perSecond: number[];
}

export interface BurstMeasure {
  app: BurstResult;
  bare: BurstResult;
  telegram: BurstTelegram;
  /** When the app's burst ran, on the clock of `--cpu-prof` (profileClock). */
  window: { from: number; to: number };
  pgbouncerUrl: string;
  /** CPU ms the server processes (all of them) used per user, in the app's burst and in the bare one. */
  cpuMsPerOpen: { app: number; bare: number };
  /** The machine's 1-minute load average before the bare run and after the app's. */
  load: [number, number];
}

/** Two lines a process prints once listening (the fake Bot API: its root, then its counter). */
function twoLines(child: ChildProcess): Promise<[string, string]> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', function onData(chunk: string) {
      out += chunk;
      const lines = out.split('\n');
      if (lines.length < 3) return;
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      resolve([(lines[0] ?? '').trim(), (lines[1] ?? '').trim()]);
    });
    child.once('exit', (code) => reject(new Error(`${child.spawnargs.join(' ')} exited with ${code}`)));
  });
}

/**
 * A first open's requests: /api/me, /api/csrf, then the buy screen's path through the demo
 * catalogue (its first region, type, partner and offer), looked up as a user signed with `botToken`.
 */
export async function catalogueSteps(base: string, botToken = BOT_TOKEN): Promise<BurstStep[]> {
  const initData = signInitData(
    { id: WARM_UP_FIRST_USER_ID - 1, username: null, firstName: 'Разведчик', lastName: null },
    botToken,
  );
  const headers = { authorization: `tma ${initData}` };
  const read = async <T>(path: string) => {
    const response = await fetch(`${base}${path}`, { headers });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return (await response.json()) as T;
  };
  const [region = ''] = await read<string[]>('/api/partners/region');
  const regionPath = encodeURIComponent(region);
  const [type = ''] = await read<string[]>(`/api/partners/types/${regionPath}`);
  const partnersPath = `/api/partners/filter/${regionPath}/${encodeURIComponent(type)}`;
  const [partner] = await read<Array<{ id: number }>>(partnersPath);
  return [
    { kind: 'GET /api/me', path: '/api/me' },
    { kind: 'GET /api/csrf', path: '/api/csrf' },
    { kind: 'regions', path: '/api/partners/region' },
    { kind: 'partner types of a region', path: `/api/partners/types/${regionPath}` },
    { kind: 'partners of a type', path: partnersPath },
    { kind: 'offers of a partner', path: `/api/coupons/partner/${partner?.id}` },
  ];
}

async function burst(job: BurstJob): Promise<BurstResult> {
  return JSON.parse(await outputOf(runTs('server/bench/burst-load.ts', [JSON.stringify(job)])));
}

async function telegramCounts(counter: string): Promise<FakeTelegramCounts> {
  return (await (await fetch(counter)).json()) as FakeTelegramCounts;
}

/** The database URL through PgBouncer: the same user and database, PgBouncer's port. */
function throughPgbouncer(url: string, port: number): string {
  const bounced = new URL(url);
  bounced.hostname = '127.0.0.1';
  bounced.port = String(port);
  return bounced.toString();
}

export async function measureBurst(options: {
  databaseUrl: string;
  pgbouncerPort: number;
  /** Both server processes write a `--cpu-prof` profile here. */
  cpuProfileDir?: string;
}) {
  const database = await temporaryDatabase(options.databaseUrl);
  const pgbouncerUrl = throughPgbouncer(database.url, options.pgbouncerPort);
  const telegramJob: FakeTelegramJob = {
    token: BOT_TOKEN,
    perSecond: TELEGRAM_PER_SECOND,
    retryAfterS: TELEGRAM_RETRY_AFTER_S,
    firstMember: FIRST_USER_ID,
    members: BURST_USERS - BURST_USERS / OUTSIDERS_ONE_IN,
  };
  const telegram = runTs('server/bench/fake-telegram.ts', [JSON.stringify(telegramJob)]);
  const servers: AppServer[] = [];
  const bares: ChildProcess[] = [];
  try {
    const [apiRoot, counter] = await twoLines(telegram);
    const env = {
      DATABASE_URL: pgbouncerUrl,
      DATABASE_PGBOUNCER: '1',
      BOT_TOKEN,
      TELEGRAM_API_ROOT: apiRoot,
      COMMUNITY_CHAT_ID: '-1001234567890',
      COMMUNITY_CHAT_LINK: 'https://t.me/+bench-rafting-chat',
      PAYMENT_PROVIDER: 'sandbox',
      // A webhook, as several processes need (long polling is for one).
      PUBLIC_URL: 'https://bench.invalid',
      DEMO_DATA: '1',
    };
    // One after the other: the first migrates and seeds the demo data.
    for (let i = 0; i < PROCESSES; i += 1) {
      servers.push(await startAppServer({ env, cpuProfileDir: options.cpuProfileDir }));
    }
    for (let i = 0; i < PROCESSES; i += 1) bares.push(runTs('server/bench/bare-fastify.ts', []));
    const bareBases = await Promise.all(bares.map((bare) => firstLine(bare)));
    const appBases = servers.map((server) => server.base);
    const steps = await catalogueSteps(appBases[0] ?? '');
    const bareSteps = steps.map((step) => ({ ...step, path: '/hello' }));

    const run = {
      botToken: BOT_TOKEN,
      firstUserId: FIRST_USER_ID,
      users: BURST_USERS,
      perSecond: BURST_RATE,
      warmUp: { firstUserId: WARM_UP_FIRST_USER_ID, users: WARM_UP_USERS, perSecond: WARM_UP_RATE },
    };
    const loadBefore = loadavg()[0] ?? 0;
    const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
    const barePids = bares.map((bare) => bare.pid ?? 0);
    const appPids = servers.map((server) => server.pid);
    const bareCpu = cpuOf(barePids);
    const bare = await burst({ ...run, bases: bareBases, steps: bareSteps });
    // The warm-up's users are first opens too: the CPU is shared by all of them.
    const opens = BURST_USERS + WARM_UP_USERS;
    const bareCpuMs = ((cpuOf(barePids) - bareCpu) * 1000) / opens;
    const appCpu = cpuOf(appPids);
    const from = profileClock();
    const app = await burst({ ...run, bases: appBases, steps });
    const to = profileClock();
    const appCpuMs = ((cpuOf(appPids) - appCpu) * 1000) / opens;
    const after = await telegramCounts(counter);
    return {
      app,
      bare,
      telegram: within(after, app.from, app.to),
      window: { from, to },
      load: [loadBefore, loadavg()[0] ?? 0],
      cpuMsPerOpen: { app: appCpuMs, bare: bareCpuMs },
      pgbouncerUrl: pgbouncerUrl.replace(/\/[^/]*$/, '/…'),
    } satisfies BurstMeasure;
  } finally {
    await Promise.all([...servers.map((server) => server.stop()), ...bares.map((bare) => stop(bare))]);
    await stop(telegram);
    await database.drop();
  }
}

/** What the fake Bot API was asked in the seconds from `from` to `to` (ms since the epoch). */
function within(counts: FakeTelegramCounts, from: number, to: number): BurstTelegram {
  const byStatus: Record<string, number> = {};
  const perSecond: number[] = [];
  for (const [second, statuses] of Object.entries(counts.perSecond)) {
    if (Number(second) < Math.floor(from / 1000) || Number(second) > Math.floor(to / 1000)) continue;
    let inSecond = 0;
    for (const [status, calls] of Object.entries(statuses)) {
      byStatus[status] = (byStatus[status] ?? 0) + calls;
      inSecond += calls;
    }
    perSecond.push(inSecond);
  }
  return { getChatMember: perSecond.reduce((sum, n) => sum + n, 0), byStatus, perSecond };
}

const ms = (value: number | undefined) => (value ?? 0).toFixed(1);
const ratio = (own: number | undefined, bare: number | undefined) =>
  own !== undefined && bare ? `${(own / bare).toFixed(1)}×` : '—';

export function printBurst({ app, bare, telegram, load, cpuMsPerOpen }: BurstMeasure) {
  console.log(
    `\nThe burst: ${app.users} users new to the app arriving at ${app.perSecond} a second (open model), each making a first open's requests one after another, on ${PROCESSES} server processes (round-robin by user) on PostgreSQL through PgBouncer (transaction mode); bare Fastify (${PROCESSES} processes) loaded the same way right before; load average ${load[0].toFixed(1)}–${load[1].toFixed(1)}:`,
  );
  const kinds = [...Object.keys(app.statuses), 'first open'];
  console.table(
    kinds.map((kind) => {
      const own = app.latencies[kind];
      const yardstick = bare.latencies[kind];
      const answers = app.statuses[kind] ?? {};
      const good = Object.entries(answers)
        .filter(([status]) => status.startsWith('2'))
        .reduce((sum, [, n]) => sum + n, 0);
      const bad = Object.entries(answers).filter(([status]) => !status.startsWith('2'));
      return {
        request: kind,
        '2xx': kind === 'first open' ? own?.count : good,
        'not 2xx':
          bad.length === 0 ? (kind === 'first open' ? '' : 0) : JSON.stringify(Object.fromEntries(bad)),
        'p50 ms': ms(own?.p50),
        'p99 ms': ms(own?.p99),
        'max ms': ms(own?.max),
        'bare p50 ms': ms(yardstick?.p50),
        'bare p99 ms': ms(yardstick?.p99),
        'p99 vs bare': ratio(own?.p99, yardstick?.p99),
      };
    }),
  );
  const bareBad = Object.values(bare.statuses).flatMap((answers) =>
    Object.entries(answers).filter(([status]) => !status.startsWith('2')),
  );
  console.log(
    `The slowest first open of each second's arrivals, ms: ${app.slowestBySecond.join(' ')} (bare: ${bare.slowestBySecond.join(' ')})`,
  );
  console.log(
    `Generator lag (a user's first request after it was due), at most: ${ms(app.maxLateMs)} ms (bare run ${ms(bare.maxLateMs)} ms); unfinished opens: ${app.unfinished} (bare ${bare.unfinished})${bareBad.length > 0 ? `; bare not 2xx: ${JSON.stringify(bareBad)}` : ''}`,
  );
  console.log(
    `CPU the server processes used per first open: ${ms(cpuMsPerOpen.app)} ms (bare ${ms(cpuMsPerOpen.bare)} ms, ${ratio(cpuMsPerOpen.app, cpuMsPerOpen.bare)}); ${PROCESSES} cores can give at most ${Math.round((PROCESSES * 1000) / cpuMsPerOpen.app)} opens a second at that cost, before PostgreSQL, PgBouncer and the generator take theirs.`,
  );
  const seconds = telegram.perSecond;
  console.log(
    `Fake Bot API during the burst: ${telegram.getChatMember} getChatMember calls (by status ${JSON.stringify(telegram.byStatus)}: 200 answered, 400 not in the chat, 429 flood limit), at most ${Math.max(0, ...seconds)} in one second, ${seconds.length} seconds with any; limit ${TELEGRAM_PER_SECOND} a second, retry_after ${TELEGRAM_RETRY_AFTER_S} s.`,
  );
}
