/**
 * `npm run bench`: what a phone and a poll cost, measured as a user meets the app (`npm start`: the
 * stand-in, demo data, an info-level log), against a bare Fastify measured in the same run.
 *
 * - The server, a bare Fastify and every load generator each run in a process of their own, on
 *   loopback only; each measurement is bounded in time, and each endpoint's runs alternate with the
 *   bare one's, so a machine busy with something else slows both alike.
 * - Both databases: PGlite, and PostgreSQL when BENCH_DATABASE_URL is set (in a database of the
 *   bench's own beside the one named, dropped after).
 * - The web app is built, each screen's JavaScript on the wire counted in Chromium, and Lighthouse
 *   (mobile) run on Home and My QR, in turn with React alone drawing three buttons (bare-react.ts).
 *
 * `npm run bench -- --api` leaves the web app's measures out: the endpoints alone; `--web` measures
 * the web app alone (with the member's coupons bought, as in the full run).
 * `npm run bench -- --crash` measures start-up after a SIGKILL alone (crash-restart.ts, wal-replay.ts);
 * the other runs end with it.
 * `npm run bench -- --cpu-prof` instead profiles the server under each My QR poll and prints where
 * its time goes.
 * `npm run bench -- --burst` measures alone 5,000 first opens at 200 a second on two processes
 * through PgBouncer (burst.ts; BENCH_DATABASE_URL needed); a run with BENCH_DATABASE_URL ends with
 * it too. `npm run bench -- --reports` measures alone My QR's poll while three people ask for the
 * largest reports a period allows (reports-bench.ts); the other runs measure it too.
 * `npm run bench -- --crowd` measures alone 2,000 new users opening the app 64 at a time, on each
 * database (crowd.ts): whether the first of a crowd are served first; the other runs measure it too.
 * `npm run bench -- --drop` measures alone 3,000 members pressing pay within 10 s around the sale's
 * start of an offer of 50, on two processes through PgBouncer, and what follows (drop.ts;
 * BENCH_DATABASE_URL needed).
 * Nothing here asserts a timing: it prints figures.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_USERS } from '../src/db/seed/demo-users.ts';
import { signInitData } from '../src/telegram/init-data.ts';
import { type AppServer, startAppServer } from './app-server.ts';
import { measureBurst, printBurst } from './burst.ts';
import { buyCoupon } from './buy.ts';
import type { ClosedLoadJob, ClosedLoadResult } from './closed-load.ts';
import { profileClock, summarizeCpuProfiles } from './cpu-profile.ts';
import { measureCrashRestart } from './crash-restart.ts';
import { measureCrowd, printCrowd } from './crowd.ts';
import { measureDrop, printDrop } from './drop.ts';
import type { OpenLoadJob, OpenLoadResult } from './open-load.ts';
import { temporaryDatabase } from './postgres.ts';
import { firstLine, outputOf, ROOT, runTs, stop } from './processes.ts';
import { measureReports, printReports } from './reports-bench.ts';
import { measureWalReplay, printWalReplay } from './wal-replay.ts';
import { measureWeb } from './web-load.ts';

const CONNECTIONS = 16;
const SECONDS = 3;
const WARM_UP_SECONDS = 1;
const ROUNDS = 2;
/** The offered rate of the open-model run, and how long it lasts. */
const OPEN_RATE = 2_000;
const OPEN_SECONDS = 5;
/** How long PGlite is written to before it is SIGKILLed (not a multiple of the checkpoints' 15 s). */
const WAL_SECONDS = 40;

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  expect: number;
}

async function closedLoad(target: Target, seconds = SECONDS): Promise<ClosedLoadResult> {
  const job: ClosedLoadJob = { url: target.url, headers: target.headers, connections: CONNECTIONS, seconds };
  const result = JSON.parse(
    await outputOf(runTs('server/bench/closed-load.ts', [JSON.stringify(job)])),
  ) as ClosedLoadResult;
  const others = Object.entries(result.statuses).filter(([code]) => Number(code) !== target.expect);
  if (others.length > 0 || result.errors > 0)
    throw new Error(
      `${target.name}: expected ${target.expect} only, got ${JSON.stringify(result.statuses)}, ${result.errors} errors`,
    );
  return result;
}

async function openLoad(target: Target): Promise<OpenLoadResult> {
  const job: OpenLoadJob = {
    url: target.url,
    headers: target.headers,
    perSecond: OPEN_RATE,
    seconds: OPEN_SECONDS,
    expect: target.expect,
  };
  return JSON.parse(
    await outputOf(runTs('server/bench/open-load.ts', [JSON.stringify(job)])),
  ) as OpenLoadResult;
}

/** Log lines written to `file` since `from` (its size then). */
function linesSince(file: string, from: number): number {
  const size = statSync(file).size;
  const buffer = Buffer.alloc(size - from);
  const fd = openSync(file, 'r');
  readSync(fd, buffer, 0, buffer.length, from);
  closeSync(fd);
  return buffer.filter((byte) => byte === 0x0a).length;
}

/** A demo member with 3 coupons, and the polled endpoints as the app calls them. */
async function pollTargets(server: AppServer): Promise<Target[]> {
  const member = DEMO_USERS[2];
  const auth = { authorization: `tma ${signInitData({ ...member, lastName: null }, server.botToken)}` };
  for (let i = 0; i < 3; i += 1) await buyCoupon(server.base, auth, member.username);
  const myQr = `${server.base}/api/coupon/valid/qr/customer/${member.username}`;
  const etag = (await fetch(myQr, { headers: auth })).headers.get('etag') ?? '';
  return [
    { name: 'GET /api/csrf', url: `${server.base}/api/csrf`, headers: {}, expect: 200 },
    ...(await catalogueTargets(server.base, auth)),
    { name: 'My QR unchanged (304)', url: myQr, headers: { ...auth, 'if-none-match': etag }, expect: 304 },
    { name: 'My QR, 3 coupons (200)', url: myQr, headers: auth, expect: 200 },
  ];
}

/** The catalogue as the buy screen reads it: the regions, a region's partners, a partner's offers. */
async function catalogueTargets(base: string, auth: Record<string, string>): Promise<Target[]> {
  const regions = `${base}/api/partners/region`;
  const answer = await fetch(regions, { headers: auth });
  const regionsTag = answer.headers.get('etag') ?? '';
  const [region] = (await answer.json()) as string[];
  const partnersUrl = `${base}/api/partners/filter/${encodeURIComponent(region ?? '')}`;
  const [partner] = (await (await fetch(partnersUrl, { headers: auth })).json()) as Array<{ id: number }>;
  return [
    { name: 'regions (200)', url: regions, headers: auth, expect: 200 },
    {
      name: 'regions unchanged (304)',
      url: regions,
      headers: { ...auth, 'if-none-match': regionsTag },
      expect: 304,
    },
    { name: 'partners of a region (200)', url: partnersUrl, headers: auth, expect: 200 },
    {
      name: 'offers of a partner (200)',
      url: `${base}/api/coupons/partner/${partner?.id}`,
      headers: auth,
      expect: 200,
    },
  ];
}

interface Row {
  endpoint: string;
  'req/s': number;
  'bare req/s': number;
  'vs bare': string;
  'log lines/req': string;
}

/** Each endpoint against the bare Fastify, alternating, ROUNDS times. */
async function throughput(server: AppServer, bare: Target, targets: Target[]): Promise<Row[]> {
  for (const target of [bare, ...targets]) await closedLoad(target, WARM_UP_SECONDS);
  const sums = new Map(targets.map((t) => [t.name, { own: 0, bare: 0, requests: 0, lines: 0 }]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of targets) {
      const sum = sums.get(target.name);
      if (!sum) continue;
      sum.bare += (await closedLoad(bare)).perSecond;
      const logFrom = statSync(server.logFile).size;
      const own = await closedLoad(target);
      sum.own += own.perSecond;
      sum.requests += own.requests;
      sum.lines += linesSince(server.logFile, logFrom);
    }
  }
  return targets.map((target) => {
    const sum = sums.get(target.name) ?? { own: 0, bare: 1, requests: 1, lines: 0 };
    return {
      endpoint: target.name,
      'req/s': Math.round(sum.own / ROUNDS),
      'bare req/s': Math.round(sum.bare / ROUNDS),
      'vs bare': `${((sum.own / sum.bare) * 100).toFixed(1)} %`,
      'log lines/req': (sum.lines / sum.requests).toFixed(2),
    };
  });
}

const ms = (value: number) => value.toFixed(1);

/** Each screen's JavaScript and Lighthouse's figures (web-load.ts). */
function printWeb(web: Awaited<ReturnType<typeof measureWeb>>) {
  console.log(
    '\nJavaScript of each screen on its first load (Chromium, no cache), asked for before its heading was drawn:',
  );
  console.table(
    web.routes.map((r) => ({
      route: r.route,
      'KB on the wire': (r.jsOnWire / 1000).toFixed(1),
      'KB unpacked': (r.jsDecoded / 1000).toFixed(1),
      scripts: r.scripts,
      'KB until idle (with fetched ahead)': (r.jsOnWireUntilIdle / 1000).toFixed(1),
    })),
  );
  console.log(
    `Lighthouse, mobile (simulated slow 4G, mid phone; the CPU slowdown calibrated to the host), over HTTPS and HTTP/2 through a TLS proxy as in production, each run in a browser of its own as its command line runs, Chromium's headless shell (a webview's engine, no browser around it), the host's speed read once the browser has started, the page's renderer first on the host's cores as a phone gives it a core of its own, the pages in turn; the median run, and the lowest and highest of all. React alone drawing three buttons (bench/bare-react.ts) is the yardstick:`,
  );
  const yardstick = web.lighthouse[0];
  console.table(
    web.lighthouse.map((s) => ({
      page: s.page,
      runs: [
        `${s.runs} of ${s.made}`,
        ...(s.lost.length > 0 ? [`lost: ${s.lost.join(', ')}`] : []),
        ...(s.again.length > 0 ? [`made again after ${s.again.join(', ')}`] : []),
      ].join('; '),
      performance: s.performance,
      'performance, all runs': s.performanceRange.join('–'),
      '≥ 95 with ≤ 200 ms TBT': `${s.held} of ${s.made}`,
      'FCP s': (s.fcpMs / 1000).toFixed(2),
      'LCP s': (s.lcpMs / 1000).toFixed(2),
      'TBT ms': Math.round(s.tbtMs),
      'TBT ms, all runs': s.tbtRange.map(Math.round).join('–'),
      'TBT ms on the CPU alone, all runs': s.onCpuRange.map(Math.round).join('–'),
      'TBT ms over the yardstick': s === yardstick ? '' : Math.round(s.tbtMs - (yardstick?.tbtMs ?? 0)),
      'renderer waited for a core, ms': s.coreWaitRange.some(Number.isNaN)
        ? 'not first'
        : s.coreWaitRange.map(Math.round).join('–'),
      'unused JS KB': (s.unusedJsBytes / 1000).toFixed(0),
      benchmarkIndex: Math.round(s.benchmarkIndex),
      'CPU slowdown': `${s.cpuSlowdown.toFixed(2)}×`,
      'CPU slowdown, all runs': s.slowdownRange.map((x) => `${x.toFixed(2)}×`).join('–'),
    })),
  );
  const notFirst = web.lighthouse.find((s) => s.notFirst)?.notFirst;
  if (notFirst) {
    console.log(
      `The page's renderer could not be put first on the cores (${notFirst}): its tasks hold its wait for a core, which Lighthouse multiplies by the slowdown.`,
    );
  }
}

async function onDatabase(
  label: string,
  databaseUrl: string | undefined,
  bare: Target,
  options: { web: boolean },
) {
  const database = databaseUrl ? await temporaryDatabase(databaseUrl) : undefined;
  const server = await startAppServer({ databaseUrl: database?.url });
  try {
    const targets = await pollTargets(server);
    if (options.web) printWeb(await measureWeb(server.base, server.botToken));
    const rows = await throughput(server, bare, targets);
    console.log(
      `\n${label}: closed model, ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per endpoint, each after a bare run:`,
    );
    console.table(rows);
    const poll = targets.find((t) => t.expect === 304 && t.name.startsWith('My QR'));
    const open = [
      { name: 'bare Fastify', ...(await openLoad(bare)) },
      ...(poll ? [{ name: poll.name, ...(await openLoad(poll)) }] : []),
    ];
    console.log(`${label}: open model, ${OPEN_RATE} req/s offered for ${OPEN_SECONDS} s:`);
    console.table(
      open.map((o) => ({
        endpoint: o.name,
        answered: o.answered,
        wrong: o.wrong,
        'p50 ms': ms(o.p50),
        'p99 ms': ms(o.p99),
        'max ms': ms(o.max),
      })),
    );
  } finally {
    await server.stop();
    await database?.drop();
  }
}

/**
 * `--cpu-prof`: a profiled server per My QR poll, loaded for 5 s, and where its time went in those
 * 5 s (start-up and shutdown left out).
 */
async function profile(label: string, databaseUrl: string | undefined) {
  for (const expect of [304, 200]) {
    const folder = mkdtempSync(path.join(tmpdir(), 'kss-cpu-prof-'));
    const database = databaseUrl ? await temporaryDatabase(databaseUrl) : undefined;
    const server = await startAppServer({ databaseUrl: database?.url, cpuProfileDir: folder });
    try {
      const target = (await pollTargets(server)).find(
        (t) => t.expect === expect && t.name.startsWith('My QR'),
      );
      if (!target) continue;
      await closedLoad(target, WARM_UP_SECONDS);
      const from = profileClock();
      const { perSecond } = await closedLoad(target, 5);
      const to = profileClock();
      await server.stop();
      const { places, functions } = summarizeCpuProfiles(folder, from, to);
      console.log(`\n${label}, ${target.name}: ${Math.round(perSecond)} req/s under the profiler`);
      console.table(places);
      console.table(functions);
    } finally {
      await server.stop();
      await database?.drop();
      rmSync(folder, { recursive: true, force: true });
    }
  }
}

async function main() {
  const databases: Array<[string, string | undefined]> = [['PGlite', undefined]];
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  if (postgresUrl) databases.push(['PostgreSQL', postgresUrl]);
  // The drop needs no web app: measured before it is built.
  if (process.argv.includes('--drop')) {
    if (!postgresUrl) throw new Error('--drop needs BENCH_DATABASE_URL (PostgreSQL, which PgBouncer fronts)');
    const pgbouncerPort = await startPgbouncer();
    await profiledWhenAsked('drop', (cpuProfileDir) =>
      measureDrop({ databaseUrl: postgresUrl, pgbouncerPort, cpuProfileDir }),
    ).then(printDrop);
    return;
  }
  console.log('building the web app…');
  await outputOf(runTs('server/scripts/build-web.ts', []));

  if (process.argv.includes('--web')) {
    const server = await startAppServer({});
    try {
      await pollTargets(server);
      printWeb(await measureWeb(server.base, server.botToken));
    } finally {
      await server.stop();
    }
    return;
  }
  if (process.argv.includes('--crash')) {
    await crashRestart();
    return;
  }
  if (process.argv.includes('--burst')) {
    if (!postgresUrl)
      throw new Error('--burst needs BENCH_DATABASE_URL (PostgreSQL, which PgBouncer fronts)');
    await burst(postgresUrl);
    return;
  }
  if (process.argv.includes('--cpu-prof')) {
    for (const [label, url] of databases) await profile(label, url);
    return;
  }
  if (process.argv.includes('--reports')) {
    printReports(await measureReports());
    return;
  }
  if (process.argv.includes('--crowd')) {
    await crowd(databases);
    return;
  }
  const bareProcess = runTs('server/bench/bare-fastify.ts', []);
  try {
    const bare: Target = {
      name: 'bare',
      url: `${await firstLine(bareProcess)}/hello`,
      headers: {},
      expect: 200,
    };
    for (const [index, [label, url]] of databases.entries()) {
      await onDatabase(label, url, bare, { web: index === 0 && !process.argv.includes('--api') });
    }
  } finally {
    await stop(bareProcess);
  }
  printReports(await measureReports());
  await crowd(databases);
  if (postgresUrl) await burst(postgresUrl);
  else console.log('\n(BENCH_DATABASE_URL not set: PostgreSQL and the burst not measured)');
  await crashRestart();
}

/** The crowd of new users, 64 at a time, on each database (crowd.ts). */
async function crowd(databases: Array<[string, string | undefined]>) {
  const measures = [];
  for (const [label, url] of databases) measures.push(await measureCrowd(label, url));
  printCrowd(measures);
}

/**
 * The burst, through the PgBouncer of `.ci/start-pgbouncer` (started, or the one already on
 * BENCH_PGBOUNCER_PORT, 6439 by default, in front of 127.0.0.1:5432).
 */
async function burst(databaseUrl: string) {
  const pgbouncerPort = await startPgbouncer();
  printBurst(
    await profiledWhenAsked('burst', (cpuProfileDir) =>
      measureBurst({ databaseUrl, pgbouncerPort, cpuProfileDir }),
    ),
  );
}

/**
 * A measure of server processes, which with `--cpu-prof` write profiles: where their time went in
 * the measure's window is printed (self time), before the measure itself is.
 */
async function profiledWhenAsked<M extends { window: { from: number; to: number } }>(
  what: string,
  measure: (cpuProfileDir?: string) => Promise<M>,
): Promise<M> {
  if (!process.argv.includes('--cpu-prof')) return measure();
  const folder = mkdtempSync(path.join(tmpdir(), 'kss-cpu-prof-'));
  try {
    const measured = await measure(folder);
    const { places, functions } = summarizeCpuProfiles(folder, measured.window.from, measured.window.to, 25);
    console.log(`\nWhere the server processes spent the ${what} (self time):`);
    console.table(places);
    console.table(functions);
    return measured;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The PgBouncer of `.ci/start-pgbouncer` on BENCH_PGBOUNCER_PORT (6439 by default), started or already there. */
async function startPgbouncer(): Promise<number> {
  const pgbouncerPort = Number(process.env.BENCH_PGBOUNCER_PORT ?? 6439);
  await outputOf(
    spawn('.ci/start-pgbouncer', [String(pgbouncerPort)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  return pgbouncerPort;
}

/** Start-up after a crash, on PGlite: the server SIGKILLed under writes, then PGlite alone. */
async function crashRestart() {
  const { firstMs, rounds } = await measureCrashRestart(3);
  console.log(
    '\nPGlite: the server started after a SIGKILL under writes, against a start after SIGTERM (both to the first 200 of /api/health):',
  );
  console.table(
    rounds.map((r, index) => ({
      round: index + 1,
      'after SIGTERM ms': r.cleanMs,
      'after SIGKILL ms': r.crashMs,
      ratio: `${(r.crashMs / r.cleanMs).toFixed(2)}×`,
      'purchases before the kill': r.bought,
      'load average': `${r.load[0].toFixed(1)}–${r.load[1].toFixed(1)}`,
    })),
  );
  console.log(`(the first start, migrations and the demo seed: ${firstMs} ms)`);
  printWalReplay(await measureWalReplay(WAL_SECONDS), WAL_SECONDS);
}

await main();
