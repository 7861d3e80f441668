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

async function openApp(index: number, dueAt: number) {
  const server = index % job.bases.length;
  const id = job.firstUserId + index;
  const initData = signInitData(
    { id, username: `burst_${id}`, firstName: 'Гость', lastName: null },
    job.botToken,
  );
  const headers = { accept: 'application/json', authorization: `tma ${initData}` };
  maxLateMs = Math.max(maxLateMs, performance.now() - dueAt);
  let allGood = true;
  for (const [n, step] of job.steps.entries()) {
    // The first request counts from when the user was due; each next one from when it left.
    const from = n === 0 ? dueAt : performance.now();
    const status = await get(`${job.bases[server]}${step.path}`, agents[server] as http.Agent, headers);
    count(step.kind, status === 0 ? 'failed' : String(status));
    if (status >= 200 && status < 300) time(step.kind, performance.now() - from);
    else allGood = false;
  }
  const second = Math.floor(index / job.perSecond);
  const took = performance.now() - dueAt;
  slowestBySecond[second] = Math.max(slowestBySecond[second] ?? 0, took);
  if (allGood) time('first open', took);
  finished += 1;
}

function summarize(list: number[]): Latencies {
  const sorted = [...list].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

const start = performance.now();
const deadline = start + (job.users / job.perSecond) * 1000 + GRACE_MS;
await new Promise<void>((done) => {
  let arrived = 0;
  const giveUp = setTimeout(done, deadline - start);
  const tick = () => {
    const due = Math.min(job.users, Math.floor(((performance.now() - start) / 1000) * job.perSecond));
    for (; arrived < due; arrived += 1) {
      void openApp(arrived, start + (arrived / job.perSecond) * 1000).then(() => {
        if (finished === job.users) {
          clearTimeout(giveUp);
          done();
        }
      });
    }
    if (arrived < job.users) setTimeout(tick, 1);
  };
  tick();
});
for (const agent of agents) agent.destroy();

const result: BurstResult = {
  users: job.users,
  perSecond: job.perSecond,
  latencies: Object.fromEntries([...times].map(([kind, list]) => [kind, summarize(list)])),
  statuses: Object.fromEntries(statuses),
  maxLateMs,
  unfinished: job.users - finished,
  slowestBySecond: Array.from(slowestBySecond, (ms) => Math.round(ms ?? 0)),
};
console.log(JSON.stringify(result));
process.exit(0);
