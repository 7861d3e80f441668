/**
 * The load generator of `npm run bench -- --crowd`, in a process of its own: a crowd of distinct
 * users new to the app, CONCURRENT of them opening it at a time (closed model: each next one arrives
 * as soon as another's open is answered), each making a first open's requests one after another as
 * the app does. Every open is timed from its arrival to its last answer and kept with its place in
 * the order of arrival, so the result shows who waited: the first ones, or everyone alike.
 * Loopback only, kept-alive connections; a request gives up after 10 s.
 * Reads a JSON job as its argument, prints a JSON result.
 */
import http from 'node:http';
import { signInitData } from '../src/telegram/init-data.ts';
import type { BurstStep, Latencies } from './burst-load.ts';

export interface CrowdJob {
  base: string;
  botToken: string;
  firstUserId: number;
  users: number;
  concurrent: number;
  steps: BurstStep[];
}

export interface CrowdResult {
  /** Opens whose every answer was 2xx, arrival to the last answer. */
  open: Latencies;
  /** Opens with an answer that was not 2xx (or none), by the first such status. */
  failed: Record<string, number>;
  /** The first CONCURRENT arrivals alone (who came before anyone was answered). */
  firstArrivals: Latencies & { overOneSecond: number };
  /** Per group of CONCURRENT arrivals, in order: the slowest open among them (ms). */
  slowestByGroup: number[];
  /** Opens that ended before an open that arrived earlier (someone overtook an older one). */
  overtaken: number;
  seconds: number;
}

const REQUEST_TIMEOUT_MS = 10_000;

const job = JSON.parse(process.argv[2] ?? '{}') as CrowdJob;
const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrent * 2 });

function get(url: string, headers: Record<string, string>): Promise<number> {
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

/** Per arrival: how long its open took (ms), or the status that failed it; and when it ended. */
const took: Array<number | undefined> = [];
const endedAt: number[] = [];
const failed: Record<string, number> = {};

async function openApp(index: number) {
  const id = job.firstUserId + index;
  const initData = signInitData(
    { id, username: `crowd_${id}`, firstName: 'Гость', lastName: null },
    job.botToken,
  );
  const headers = { accept: 'application/json', authorization: `tma ${initData}` };
  const from = performance.now();
  for (const step of job.steps) {
    const status = await get(`${job.base}${step.path}`, headers);
    if (status < 200 || status >= 300) {
      const key = `${step.kind}: ${status === 0 ? 'failed' : status}`;
      failed[key] = (failed[key] ?? 0) + 1;
      endedAt[index] = performance.now();
      return;
    }
  }
  endedAt[index] = performance.now();
  took[index] = endedAt[index] - from;
}

function summarize(list: number[]): Latencies {
  const sorted = [...list].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

const start = performance.now();
let next = 0;
async function oneAfterAnother() {
  while (next < job.users) {
    const index = next;
    next += 1;
    await openApp(index);
  }
}
await Promise.all(Array.from({ length: job.concurrent }, oneAfterAnother));
const seconds = (performance.now() - start) / 1000;
agent.destroy();

const answered = took.filter((ms): ms is number => ms !== undefined);
const first = took.slice(0, job.concurrent).filter((ms): ms is number => ms !== undefined);
const slowestByGroup: number[] = [];
for (let group = 0; group * job.concurrent < job.users; group += 1) {
  // An open that failed counts as the 10 s it was given.
  const inGroup = Array.from(
    { length: Math.min(job.concurrent, job.users - group * job.concurrent) },
    (_, i) => took[group * job.concurrent + i] ?? REQUEST_TIMEOUT_MS,
  );
  slowestByGroup.push(Math.round(Math.max(...inGroup)));
}
// Arrival i overtook an older one when it ended before the latest end among those who came before.
let latestEarlierEnd = 0;
let overtaken = 0;
for (const [index, end] of endedAt.entries()) {
  if (index > 0 && end < latestEarlierEnd) overtaken += 1;
  latestEarlierEnd = Math.max(latestEarlierEnd, end);
}
const result: CrowdResult = {
  open: summarize(answered),
  failed,
  firstArrivals: { ...summarize(first), overOneSecond: first.filter((ms) => ms > 1000).length },
  slowestByGroup,
  overtaken,
  seconds,
};
console.log(JSON.stringify(result));
process.exit(0);
