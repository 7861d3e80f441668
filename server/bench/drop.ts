/**
 * `npm run bench -- --drop`: a limited offer announced in the chat opens at an instant,
 * and thousands press pay within seconds of it. DROP_USERS distinct chat members arrive spread over
 * DROP_WINDOW_MS centred on `saleStartsAt` of an offer of DROP_QUANTITY, each pressing pay at once
 * (again the moment the sale opens, if they came early), on two server processes on one PostgreSQL
 * through PgBouncer in transaction mode. Two bare Fastify processes, loaded with the same arrivals
 * right before (the first half's again at the window's middle), are the yardstick.
 *
 * Then what follows a drop: DROP_PAID of the holders pay (the sandbox checkout), the first
 * DROP_LINE of those refused join the offer's line in the order they pressed, the unpaid holds lapse
 * (their time moved past, as OFFER_HOLD_MINUTES would) and the next start hands their units to the
 * line; those the line holds a unit for pay too. The database is read directly for what was sold,
 * held and charged. Bounded: the users, the window, every request's 10 s; nothing asserts a timing.
 */
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import pg from 'pg';
import { signInitData } from '../src/telegram/init-data.ts';
import { type AppServer, startAppServer } from './app-server.ts';
import { profileClock } from './cpu-profile.ts';
import type { DropJob, DropLoadResult, Press } from './drop-load.ts';
import type { FakeTelegramJob } from './fake-telegram.ts';
import { temporaryDatabase } from './postgres.ts';
import { cpuSeconds, firstLine, outputOf, runTs, stop } from './processes.ts';

const DROP_USERS = Number(process.env.BENCH_DROP_USERS ?? 3_000);
const DROP_QUANTITY = 50;
const DROP_WINDOW_MS = 10_000;
/** Of the holders, how many pay; the rest leave their payment pages. */
const DROP_PAID = 40;
/** How many of those refused join the line, in the order they pressed. */
const DROP_LINE = 20;
/** «The first who pressed after the start»: fairness counts the holds among this many. */
const FIRST_PRESSERS = 60;
const PROCESSES = 2;
const FIRST_USER_ID = 910_000_000;
const BOT_TOKEN = '4242424242:BENCH-drop-token_0123456789abcdefghijk';
const ADMIN = { id: 909_999_999, username: 'bench_drop_admin', firstName: 'Админ', lastName: null };
/** From the offer's creation to its sale's start: the generator starts and waits for the first arrival. */
const LEAD_MS = 20_000;

export interface DropMeasure {
  presses: Press[];
  bare: Press[];
  maxLateMs: { app: number; bare: number };
  startsAt: number;
  consentFailures: number;
  database: {
    heldBeforeStart: number;
    paymentsBeforeStart: number;
    holdsAfterDrop: number;
    coupons: number;
    succeededWithoutCoupon: number;
  };
  /** The line's places in join order, and which held a unit once the unpaid holds lapsed. */
  line: { position: number | null; held: boolean }[];
  /** Payments the line's holders started and paid. */
  linePaid: number;
  load: [number, number];
  /** CPU milliseconds a press cost the server processes, and a bare GET the bare ones, in their runs. */
  cpuMsPerPress: { app: number; bare: number };
  /** The app's run on the profiles' clock (profileClock), for `--cpu-prof`. */
  window: { from: number; to: number };
}

async function generate(job: DropJob): Promise<DropLoadResult> {
  return JSON.parse(await outputOf(runTs('server/bench/drop-load.ts', [JSON.stringify(job)])));
}

function throughPgbouncer(url: string, port: number): string {
  const bounced = new URL(url);
  bounced.hostname = '127.0.0.1';
  bounced.port = String(port);
  return bounced.toString();
}

/** The API as a signed user calls it (setup and what follows the drop: not measured). */
function apiAs(base: string, user: { id: number; username: string | null; firstName: string }) {
  const authorization = `tma ${signInitData({ ...user, lastName: null }, BOT_TOKEN)}`;
  return async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> => {
    const csrf = ((await (await fetch(`${base}/api/csrf`)).json()) as { token: string }).token;
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization,
        'x-xsrf-token': csrf,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, json: (text ? JSON.parse(text) : undefined) as T };
  };
}

const member = (index: number) => ({
  id: FIRST_USER_ID + index,
  username: `drop_${FIRST_USER_ID + index}`,
  firstName: 'Гость',
});

export async function measureDrop(options: {
  databaseUrl: string;
  pgbouncerPort: number;
  /** With it, the server processes write `--cpu-prof` profiles there. */
  cpuProfileDir?: string;
}) {
  const database = await temporaryDatabase(options.databaseUrl);
  const telegramJob: FakeTelegramJob = {
    token: BOT_TOKEN,
    // The drop is about the offer's units: Telegram's answers about membership are not held back.
    perSecond: 100_000,
    retryAfterS: 1,
    firstMember: FIRST_USER_ID,
    members: DROP_USERS,
  };
  const telegram = runTs('server/bench/fake-telegram.ts', [JSON.stringify(telegramJob)]);
  const servers: AppServer[] = [];
  const bares: ChildProcess[] = [];
  const sql = new pg.Client({ connectionString: database.url });
  try {
    const apiRoot = (await firstLine(telegram)).trim();
    const env = {
      DATABASE_URL: throughPgbouncer(database.url, options.pgbouncerPort),
      DATABASE_PGBOUNCER: '1',
      BOT_TOKEN,
      TELEGRAM_API_ROOT: apiRoot,
      COMMUNITY_CHAT_ID: '-1001234567890',
      COMMUNITY_CHAT_LINK: 'https://t.me/+bench-rafting-chat',
      PAYMENT_PROVIDER: 'sandbox',
      PUBLIC_URL: 'https://bench.invalid',
      ADMIN_USERNAMES: ADMIN.username,
      DEMO_DATA: '1',
    };
    for (let i = 0; i < PROCESSES; i += 1) {
      servers.push(await startAppServer({ env, cpuProfileDir: options.cpuProfileDir }));
    }
    for (let i = 0; i < PROCESSES; i += 1) bares.push(runTs('server/bench/bare-fastify.ts', []));
    const bareBases = await Promise.all(bares.map((bare) => firstLine(bare)));
    const bases = servers.map((server) => server.base);
    const base = bases[0] ?? '';
    await sql.connect();

    const common = { botToken: BOT_TOKEN, firstUserId: FIRST_USER_ID, users: DROP_USERS };
    const consent = await generate({ ...common, mode: 'consent', bases });
    const consentFailures = consent.presses.filter((p) => p.status !== 204).length;

    const loadBefore = loadavg()[0] ?? 0;
    const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
    const barePids = bares.map((bare) => bare.pid ?? 0);
    const appPids = servers.map((server) => server.pid);
    const bareCpu = cpuOf(barePids);
    const bareFrom = Date.now() + 5_000;
    const bareRun = await generate({
      ...common,
      mode: 'bare',
      bases: bareBases,
      arriveFrom: bareFrom,
      startsAt: bareFrom + DROP_WINDOW_MS / 2,
      windowMs: DROP_WINDOW_MS,
    });

    const admin = apiAs(base, ADMIN);
    const partners = (await admin<{ id: number }[]>('GET', '/api/partners')).json;
    const startsAt = Date.now() + LEAD_MS;
    await admin('POST', '/api/coupon/apply', {
      partnerId: partners[0]?.id,
      price: 50,
      discount: 900,
      quantity: DROP_QUANTITY,
      saleStartsAt: new Date(startsAt).toISOString(),
    });
    const couponId = (await admin<{ couponId: number }[]>('GET', '/api/coupons/to/apply')).json.at(-1)
      ?.couponId as number;
    await admin('POST', '/api/coupon/apply/accept', { couponId, paymentLink: '' });

    const bareCpuMs = ((cpuOf(barePids) - bareCpu) * 1000) / bareRun.presses.length;
    const appCpu = cpuOf(appPids);
    const from = profileClock();
    const appRun = await generate({
      ...common,
      mode: 'drop',
      bases,
      couponId,
      startsAt,
      arriveFrom: startsAt - DROP_WINDOW_MS / 2,
      windowMs: DROP_WINDOW_MS,
    });
    const to = profileClock();
    const appCpuMs = ((cpuOf(appPids) - appCpu) * 1000) / appRun.presses.length;
    const load: [number, number] = [loadBefore, loadavg()[0] ?? 0];
    const count = async (query: string) =>
      Number((await sql.query<{ n: string }>(query, [couponId])).rows[0]?.n ?? 0);
    const heldBeforeStart = await count(
      `SELECT count(*) AS n FROM offer_holds h JOIN coupons c ON c.id = h.coupon_id
       WHERE h.coupon_id = $1 AND h.created_at < c.sale_starts_at`,
    );
    const paymentsBeforeStart = await count(
      `SELECT count(*) AS n FROM payments p JOIN coupons c ON c.id = p.coupon_id
       WHERE p.coupon_id = $1 AND p.created_at < c.sale_starts_at`,
    );
    const holdsAfterDrop = await count('SELECT count(*) AS n FROM offer_holds WHERE coupon_id = $1');

    // What follows: most holders pay, the first refused join the line, the unpaid holds lapse.
    const held = appRun.presses.filter((p) => p.status === 200).sort((a, b) => a.sentAt - b.sentAt);
    const pay = (paymentId: string) =>
      fetch(`${base}/api/payments/sandbox/${paymentId}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        redirect: 'manual',
      });
    for (const press of held.slice(0, DROP_PAID)) await pay(press.paymentId ?? '');
    const refused = appRun.presses
      .filter((p) => p.sentAt >= startsAt && p.error === 'sold_out')
      .sort((a, b) => a.sentAt - b.sentAt)
      .map((p) => p.user)
      .filter((user, n, all) => all.indexOf(user) === n);
    const waiting = refused.slice(0, DROP_LINE);
    const positions: (number | null)[] = [];
    for (const user of waiting) {
      const place = await apiAs(base, member(user))<{ position: number | null }>(
        'POST',
        `/api/offers/${couponId}/waitlist`,
      );
      positions.push(place.json.position);
    }
    await sql.query('UPDATE offer_holds SET expires_at = now() WHERE coupon_id = $1', [couponId]);
    // The next start of the offer (one more refused member) finds the lapsed holds and serves the line.
    const late = refused[DROP_LINE] ?? DROP_USERS - 1;
    await apiAs(bases[1] ?? base, member(late))('POST', `/api/payments/${couponId}`);
    const line = [];
    let linePaid = 0;
    for (const [n, user] of waiting.entries()) {
      const api = apiAs(base, member(user));
      const place = (await api<{ heldUntil: string | null }>('GET', `/api/offers/${couponId}/waitlist`)).json;
      line.push({ position: positions[n] ?? null, held: place.heldUntil !== null });
      if (place.heldUntil === null) continue;
      const started = await api<{ paymentId: string }>('POST', `/api/payments/${couponId}`);
      if (started.status === 200 && (await pay(started.json.paymentId)).status === 303) linePaid += 1;
    }
    const coupons = await count('SELECT count(*) AS n FROM purchased_coupons WHERE coupon_id = $1');
    const succeededWithoutCoupon = await count(
      `SELECT count(*) AS n FROM payments p WHERE p.coupon_id = $1 AND p.status = 'SUCCEEDED'
       AND NOT EXISTS (SELECT 1 FROM purchased_coupons pc WHERE pc.payment_id = p.id)`,
    );
    return {
      presses: appRun.presses,
      bare: bareRun.presses,
      maxLateMs: { app: appRun.maxLateMs, bare: bareRun.maxLateMs },
      startsAt,
      consentFailures,
      database: { heldBeforeStart, paymentsBeforeStart, holdsAfterDrop, coupons, succeededWithoutCoupon },
      line,
      linePaid,
      load,
      cpuMsPerPress: { app: appCpuMs, bare: bareCpuMs },
      window: { from, to },
    } satisfies DropMeasure;
  } finally {
    await sql.end().catch(() => undefined);
    await Promise.all([...servers.map((server) => server.stop()), ...bares.map((bare) => stop(bare))]);
    await stop(telegram);
    await database.drop();
  }
}

function quantiles(list: number[]) {
  const sorted = [...list].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, min: sorted[0] ?? 0, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

export function printDrop(m: DropMeasure) {
  const byAnswer: Record<string, number> = {};
  for (const p of m.presses) {
    const key = `${p.status}${p.error ? ` ${p.error}` : ''}`;
    byAnswer[key] = (byAnswer[key] ?? 0) + 1;
  }
  const app = quantiles(m.presses.map((p) => p.ms));
  const bare = quantiles(m.bare.map((p) => p.ms));
  const afterStart = m.presses.filter((p) => p.sentAt >= m.startsAt).sort((a, b) => a.sentAt - b.sentAt);
  const firstUsers = new Set<number>();
  for (const p of afterStart) if (firstUsers.size < FIRST_PRESSERS) firstUsers.add(p.user);
  const holders = m.presses.filter((p) => p.status === 200);
  const fair = holders.filter((p) => firstUsers.has(p.user)).length;
  const early = m.presses.filter((p) => p.sentAt < m.startsAt);
  const fiveXx = m.presses.filter((p) => p.status >= 500 || p.status === 0).length;
  const heldInLine = m.line.filter((place) => place.held).map((place) => place.position);
  console.log(
    `\nThe drop: ${DROP_USERS} members over ${DROP_WINDOW_MS / 1000} s around the sale's start of an offer of ${DROP_QUANTITY}, pressing pay at once (again at the start if early), on ${PROCESSES} server processes through PgBouncer (transaction mode); bare Fastify (${PROCESSES} processes) given the same arrivals right before; load average ${m.load[0].toFixed(1)}–${m.load[1].toFixed(1)}:`,
  );
  console.table([
    { run: 'payment start (every press)', ...round(app) },
    { run: 'bare Fastify GET', ...round(bare) },
    { run: 'ratio', count: '', p50: ratio(app.p50, bare.p50), p99: ratio(app.p99, bare.p99), max: '' },
  ]);
  console.log(`Answers: ${JSON.stringify(byAnswer)}; 5xx or no answer: ${fiveXx}`);
  console.log("By the second a press left, from the sale's start (the early second presses in second 0):");
  console.table(bySecond(m));
  console.log(
    `Before the start: ${early.length} presses (${early.filter((p) => p.status === 200).length} held), holds written before it: ${m.database.heldBeforeStart}, payments: ${m.database.paymentsBeforeStart}`,
  );
  const answeredAt = (p: Press) => p.sentAt + p.ms - m.startsAt;
  const lastHold = Math.max(...holders.map(answeredAt));
  const soldOut = quantiles(afterStart.filter((p) => p.error === 'sold_out').map(answeredAt));
  console.log(
    `After the start: the last hold answered at ${lastHold.toFixed(0)} ms; «sold out» answered from ${soldOut.min.toFixed(0)} ms, half of them by ${soldOut.p50.toFixed(0)} ms`,
  );
  console.log(
    `Holds after the drop: ${m.database.holdsAfterDrop} (200 answers: ${holders.length}); of them to the first ${FIRST_PRESSERS} who pressed after the start: ${fair}`,
  );
  console.log(
    `The line (${m.line.length} joined in press order, positions ${m.line.map((p) => p.position).join(',')}); after ${DROP_QUANTITY - DROP_PAID} unpaid holds lapsed, units held for positions ${heldInLine.join(',')}; they paid ${m.linePaid}`,
  );
  console.log(
    `Coupons issued: ${m.database.coupons} of ${DROP_QUANTITY} (oversold: ${Math.max(0, m.database.coupons - DROP_QUANTITY)}); payments succeeded without a coupon: ${m.database.succeededWithoutCoupon}; consents refused in the setup: ${m.consentFailures}`,
  );
  console.log(
    `Server CPU per press: ${m.cpuMsPerPress.app.toFixed(2)} ms (both processes; bare Fastify ${m.cpuMsPerPress.bare.toFixed(2)} ms a GET)`,
  );
  console.log(
    `Generator lag (an arrival's press after it was due), at most: ${m.maxLateMs.app.toFixed(0)} ms (bare run ${m.maxLateMs.bare.toFixed(0)} ms)`,
  );
}

/** Where in the window the time goes: the presses grouped by the second they left in. */
function bySecond(m: DropMeasure) {
  const seconds = new Map<number, Press[]>();
  for (const p of m.presses) {
    const second = Math.floor((p.sentAt - m.startsAt) / 1000);
    seconds.set(second, [...(seconds.get(second) ?? []), p]);
  }
  return [...seconds.entries()]
    .sort(([a], [b]) => a - b)
    .map(([second, presses]) => ({ second, ...round(quantiles(presses.map((p) => p.ms))) }));
}

const round = (q: { count: number; p50: number; p99: number; max: number }) => ({
  count: q.count,
  p50: q.p50.toFixed(1),
  p99: q.p99.toFixed(1),
  max: q.max.toFixed(1),
});
const ratio = (own: number, bare: number) => (bare ? `${(own / bare).toFixed(1)}×` : '—');
