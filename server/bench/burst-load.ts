/**
 * The load generator of `npm run bench -- --burst`, in a process of its own: distinct users open
 * the app for the first time, arriving on a schedule (open model: a user arrives when due, whether
 * or not those before were answered), each making a first open's requests one after another as the
 * app does. User i goes to server i mod n (a proxy's round-robin), over kept-alive connections (a
 * proxy's to its upstreams). Loopback only; every request gives up after 10 s and the whole run
 * after its schedule plus 60 s. Reads a JSON job as its argument, prints a JSON result.
 */
import http from 'node:http';
import { signInitData } from '../src/telegram/init-data.ts';

export interface BurstStep {
  /** What the table calls it. */
  kind: string;
  path: string;
}

export interface BurstJob {
  bases: string[];
  botToken: string;
  /** Users firstUserId… firstUserId + users - 1, each new to the server. */
  firstUserId: number;
  users: number;
  perSecond: number;
  steps: BurstStep[];
  /**
   * Other users first, not counted, on the same connections: a proxy's connections are open and
   * this process's code compiled when a burst comes, and the servers have been serving.
   */
  warmUp?: { firstUserId: number; users: number; perSecond: number };
}

export interface Latencies {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface BurstResult {
  users: number;
  perSecond: number;
  /** Per step kind, then `first open` (arrival to the last answer of a user whose every answer was 2xx). */
  latencies: Record<string, Latencies>;
  /** Per step kind: answers by status, `failed` for no answer (refused, reset, timed out). */
  statuses: Record<string, Record<string, number>>;
  /** The most a user's first request left after it was due (the generator's own lag). */
  maxLateMs: number;
  /** Users whose open had not ended when the run gave up. */
  unfinished: number;
  /** The slowest first open of the users arriving in each second of the schedule (ms). */
  slowestBySecond: number[];
  /** When the counted users began to arrive, and when the last open ended (ms since the epoch). */
  from: number;
  to: number;
}

const REQUEST_TIMEOUT_MS = 10_000;
const GRACE_MS = 60_000;

const job = JSON.parse(process.argv[2] ?? '{}') as BurstJob;
const agents = job.bases.map(() => new http.Agent({ keepAlive: true, maxSockets: 256 }));
const times = new Map<string, number[]>();
const statuses = new Map<string, Record<string, number>>();
let maxLateMs = 0;
const slowestBySecond: number[] = [];
let finished = 0;

function count(kind: string, status: string) {
  const byStatus = statuses.get(kind) ?? {};
  byStatus[status] = (byStatus[status] ?? 0) + 1;
  statuses.set(kind, byStatus);
}

function time(kind: string, ms: number) {
  const list = times.get(kind) ?? [];
  list.push(ms);
  times.set(kind, list);
}

/** One GET; resolves with its status, or 0 when no answer came. */
function get(url: string, agent: http.Agent, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
      response.once('error', () => resolve(0));
    });
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error('timed out')));
    request.once('error', () => resolve(0));
  });
}

interface Schedule {
  firstUserId: number;
  users: number;
  perSecond: number;
  /** Counted in the result (the burst), or not (the warm-up). */
  counted: boolean;
}

async function openApp(schedule: Schedule, index: number, dueAt: number) {
  const { counted } = schedule;
  const server = index % job.bases.length;
  const id = schedule.firstUserId + index;
  const initData = signInitData(
    { id, username: `burst_${id}`, firstName: 'Гость', lastName: null },
    job.botToken,
  );
  const headers = { accept: 'application/json', authorization: `tma ${initData}` };
  if (counted) maxLateMs = Math.max(maxLateMs, performance.now() - dueAt);
  let allGood = true;
  for (const [n, step] of job.steps.entries()) {
    // The first request counts from when the user was due; each next one from when it left.
    const from = n === 0 ? dueAt : performance.now();
    const status = await get(`${job.bases[server]}${step.path}`, agents[server] as http.Agent, headers);
    const good = status >= 200 && status < 300;
    if (counted) count(step.kind, status === 0 ? 'failed' : String(status));
    if (counted && good) time(step.kind, performance.now() - from);
    allGood &&= good;
  }
  if (!counted) return;
  const second = Math.floor(index / schedule.perSecond);
  const took = performance.now() - dueAt;
  slowestBySecond[second] = Math.max(slowestBySecond[second] ?? 0, took);
  if (allGood) time('first open', took);
  finished += 1;
}

/** Users arriving on schedule; resolves when every open has ended, or the grace after it has passed. */
function arrive(schedule: Schedule): Promise<void> {
  const start = performance.now();
  let ended = 0;
  return new Promise<void>((done) => {
    let arrived = 0;
    const giveUp = setTimeout(done, (schedule.users / schedule.perSecond) * 1000 + GRACE_MS);
    const tick = () => {
      const due = Math.min(
        schedule.users,
        Math.floor(((performance.now() - start) / 1000) * schedule.perSecond),
      );
      for (; arrived < due; arrived += 1) {
        void openApp(schedule, arrived, start + (arrived / schedule.perSecond) * 1000).then(() => {
          ended += 1;
          if (ended === schedule.users) {
            clearTimeout(giveUp);
            done();
          }
        });
      }
      if (arrived < schedule.users) setTimeout(tick, 1);
    };
    tick();
  });
}

function summarize(list: number[]): Latencies {
  const sorted = [...list].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

if (job.warmUp) await arrive({ ...job.warmUp, counted: false });
const from = Date.now();
await arrive({ firstUserId: job.firstUserId, users: job.users, perSecond: job.perSecond, counted: true });
const to = Date.now();
for (const agent of agents) agent.destroy();

const result: BurstResult = {
  users: job.users,
  perSecond: job.perSecond,
  latencies: Object.fromEntries([...times].map(([kind, list]) => [kind, summarize(list)])),
  statuses: Object.fromEntries(statuses),
  maxLateMs,
  unfinished: job.users - finished,
  slowestBySecond: Array.from(slowestBySecond, (ms) => Math.round(ms ?? 0)),
  from,
  to,
};
console.log(JSON.stringify(result));
process.exit(0);
