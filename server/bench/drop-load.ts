/**
 * The load generator of `npm run bench -- --drop`, in a process of its own. `consent`: every user
 * gives the consent a first payment needs (untimed, 64 at a time). `drop`: the users arrive spread
 * evenly over the window, user i at its place in it, each pressing pay at once as the app lets them
 * (`POST /api/payments/{couponId}`); one refused because the sale has not started presses again the
 * moment it starts, as the app's countdown opens the button. `bare`: the same arrivals, each a GET of
 * the bare Fastify, those before `startsAt` again at it. User i goes to server i mod n. Loopback only; every request gives up after 10 s.
 * Reads a JSON job as its argument, prints a JSON result.
 */
import http from 'node:http';
import { signInitData } from '../src/telegram/init-data.ts';

export interface DropJob {
  mode: 'consent' | 'drop' | 'bare';
  bases: string[];
  botToken: string;
  /** Users firstUserId… firstUserId + users - 1. */
  firstUserId: number;
  users: number;
  couponId?: number;
  /** The sale's start and the first arrival, ms since the epoch; the arrivals last `windowMs`. */
  startsAt?: number;
  arriveFrom?: number;
  windowMs?: number;
}

/** One press (or, `bare`, one GET): whose, when it left (ms since the epoch), its answer. */
export interface Press {
  user: number;
  sentAt: number;
  ms: number;
  status: number;
  error?: string;
  paymentId?: string;
}

export interface DropLoadResult {
  presses: Press[];
  /** The most an arrival's first request left after it was due. */
  maxLateMs: number;
}

const REQUEST_TIMEOUT_MS = 10_000;
const CONSENT_AT_ONCE = 64;

const job = JSON.parse(process.argv[2] ?? '{}') as DropJob;
const agents = job.bases.map(() => new http.Agent({ keepAlive: true, maxSockets: 512 }));

function call(
  method: 'GET' | 'POST',
  url: string,
  agent: http.Agent,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const request = http.request(url, { method, agent, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.once('error', () => resolve({ status: 0, body }));
    });
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error('timed out')));
    request.once('error', () => resolve({ status: 0, body: '' }));
    request.end();
  });
}

const serverOf = (index: number) => index % job.bases.length;
const headersOf = (id: number, csrf: string) => ({
  accept: 'application/json',
  authorization: `tma ${signInitData({ id, username: `drop_${id}`, firstName: 'Гость', lastName: null }, job.botToken)}`,
  'x-xsrf-token': csrf,
});
const sleepUntil = (at: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

const csrfTokens = await Promise.all(
  job.bases.map(
    async (base, n) =>
      (
        JSON.parse((await call('GET', `${base}/api/csrf`, agents[n] as http.Agent, {})).body) as {
          token: string;
        }
      ).token,
  ),
);

// Signed before the window, once a user, as Telegram signs a mini-app's launch once: the generator's
// HMACs in the window delayed its own sending of the presses it measures.
const pressHeaders = Array.from({ length: job.users }, (_, index) =>
  headersOf(job.firstUserId + index, csrfTokens[serverOf(index)] ?? ''),
);

async function press(index: number): Promise<Press> {
  const server = serverOf(index);
  const sentAt = Date.now();
  const from = performance.now();
  const url =
    job.mode === 'bare' ? `${job.bases[server]}/hello` : `${job.bases[server]}/api/payments/${job.couponId}`;
  const answer = await call(
    job.mode === 'bare' ? 'GET' : 'POST',
    url,
    agents[server] as http.Agent,
    pressHeaders[index] ?? {},
  );
  const ms = performance.now() - from;
  let parsed: { error?: string; paymentId?: string } = {};
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    // no JSON: a failure without an answer
  }
  return { user: index, sentAt, ms, status: answer.status, error: parsed.error, paymentId: parsed.paymentId };
}

const presses: Press[] = [];
let maxLateMs = 0;

if (job.mode === 'consent') {
  for (let first = 0; first < job.users; first += CONSENT_AT_ONCE) {
    await Promise.all(
      Array.from({ length: Math.min(CONSENT_AT_ONCE, job.users - first) }, async (_, n) => {
        const index = first + n;
        const server = serverOf(index);
        const started = Date.now();
        const from = performance.now();
        const answer = await call(
          'POST',
          `${job.bases[server]}/api/me/consent`,
          agents[server] as http.Agent,
          pressHeaders[index] ?? {},
        );
        presses.push({ user: index, sentAt: started, ms: performance.now() - from, status: answer.status });
      }),
    );
  }
} else {
  const { arriveFrom = Date.now(), windowMs = 10_000, startsAt = 0 } = job;
  await Promise.all(
    Array.from({ length: job.users }, async (_, index) => {
      const dueAt = arriveFrom + (index / job.users) * windowMs;
      await sleepUntil(dueAt);
      maxLateMs = Math.max(maxLateMs, Date.now() - dueAt);
      const first = await press(index);
      presses.push(first);
      const early = job.mode === 'bare' ? dueAt < startsAt : first.error === 'sale_not_started';
      if (early) {
        await sleepUntil(startsAt);
        presses.push(await press(index));
      }
    }),
  );
}
for (const agent of agents) agent.destroy();
// Thousands of presses make a long line: the process ends only once the pipe has taken all of it.
process.stdout.write(`${JSON.stringify({ presses, maxLateMs } satisfies DropLoadResult)}\n`, () =>
  process.exit(0),
);
