/**
 * The open-model load generator of `npm run bench`, in a process of its own: requests leave at a
 * fixed rate whether or not earlier ones were answered (as phones polling do), and each one's time
 * counts from when it was due, not from when it could leave. autocannon's rate limit is not this:
 * it sends a connection's share of a second in a burst and waits for answers before sending more,
 * so a slow server slows the load and hides its own queue (coordinated omission).
 * Reads a JSON job as its argument, prints a JSON result.
 */
import http from 'node:http';

export interface OpenLoadJob {
  url: string;
  headers: Record<string, string>;
  perSecond: number;
  seconds: number;
  expect: number;
}

export interface OpenLoadResult {
  offered: number;
  answered: number;
  /** Answers with another status than expected, or failed requests. */
  wrong: number;
  p50: number;
  p99: number;
  max: number;
}

const job = JSON.parse(process.argv[2] ?? '{}') as OpenLoadJob;
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
const total = Math.round(job.perSecond * job.seconds);
const latencies: number[] = [];
let wrong = 0;
let sent = 0;
let settled = 0;

function send(dueAt: number): Promise<void> {
  return new Promise((resolve) => {
    const request = http.get(job.url, { agent, headers: job.headers }, (response) => {
      response.resume();
      response.once('end', () => {
        if (response.statusCode === job.expect) latencies.push(performance.now() - dueAt);
        else wrong += 1;
        resolve();
      });
    });
    request.setTimeout(10_000, () => request.destroy(new Error('timed out')));
    request.once('error', () => {
      wrong += 1;
      resolve();
    });
  });
}

const start = performance.now();
await new Promise<void>((done) => {
  const tick = () => {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * job.perSecond));
    for (; sent < due; sent += 1) {
      void send(start + (sent / job.perSecond) * 1000).then(() => {
        settled += 1;
        if (settled === total) done();
      });
    }
    if (sent < total) setTimeout(tick, 1);
  };
  tick();
});
agent.destroy();

latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
console.log(
  JSON.stringify({
    offered: job.perSecond,
    answered: latencies.length,
    wrong,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? 0,
  } satisfies OpenLoadResult),
);
