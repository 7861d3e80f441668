/**
 * The load generator of `npm run bench`, in a process of its own: autocannon with a fixed number of
 * connections, each sending its next request when the last is answered (a closed model: it finds
 * the most the server answers). Reads a JSON job as its argument, prints a JSON result.
 */
import autocannon from 'autocannon';

export interface ClosedLoadJob {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

export interface ClosedLoadResult {
  perSecond: number;
  requests: number;
  /** How many answers had each status: a run that got anything but the expected one is void. */
  statuses: Record<string, number>;
  errors: number;
}

const job = JSON.parse(process.argv[2] ?? '{}') as ClosedLoadJob;
const result = await autocannon({
  url: job.url,
  headers: job.headers,
  connections: job.connections,
  duration: job.seconds,
});
const statuses: Record<string, number> = Object.fromEntries(
  Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats?.count ?? 0]),
);
const requests = Object.values(statuses).reduce((sum, count) => sum + count, 0);
console.log(
  JSON.stringify({
    perSecond: requests / (result.duration || job.seconds),
    requests,
    statuses,
    errors: result.errors + result.timeouts,
  } satisfies ClosedLoadResult),
);
