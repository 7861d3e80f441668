/**
 * `npm run bench`: throughput of the polled endpoints (ARCHITECTURE §6) against a bare Fastify
 * answer measured in the same run, on loopback only, bounded in requests and time. Prints a table;
 * nothing asserts on timing here (timing claims live in benchmarks, not in tests).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_USERS } from '../src/db/seed/demo-users.ts';
import { seedDemoData } from '../src/db/seed/seed-demo-data.ts';
import { signInitData } from '../src/telegram/init-data.ts';
import { localBotToken } from '../src/telegram/local-bot-token.ts';
import { buyCoupon } from './buy.ts';

const CONCURRENCY = 16;
const MAX_REQUESTS = 4000;
const MAX_SECONDS = 8;

interface Result {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** Sends GETs with a fixed concurrency until the count or the time runs out. */
async function measure(
  name: string,
  url: string,
  headers: Record<string, string>,
  expect: number,
): Promise<Result> {
  const latencies: number[] = [];
  const deadline = performance.now() + MAX_SECONDS * 1000;
  let sent = 0;
  const started = performance.now();
  async function worker() {
    while (sent < MAX_REQUESTS && performance.now() < deadline) {
      sent += 1;
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status !== expect) throw new Error(`${name}: answered ${res.status}, expected ${expect}`);
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    name,
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kss-bench-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, NODE_ENV: 'development' });
  const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, dataDir });
  await seedDemoData(database.db);
  const botToken = localBotToken(dataDir);
  const app = await buildApp({ config, database, botToken, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const bare = Fastify();
  bare.get('/hello', async () => ({ hello: 'world' }));
  const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

  const member = DEMO_USERS[2];
  const auth = { authorization: `tma ${signInitData({ ...member, lastName: null }, botToken)}` };
  for (let i = 0; i < 3; i += 1) await buyCoupon(base, auth, member.username);
  const first = await fetch(`${base}/api/coupon/valid/qr/customer/${member.username}`, { headers: auth });
  const etag = first.headers.get('etag') ?? '';

  const results = [
    await measure('bare Fastify GET /hello (same run)', `${bareBase}/hello`, {}, 200),
    await measure('GET /api/partners/region', `${base}/api/partners/region`, auth, 200),
    await measure(
      'My QR poll, unchanged (304)',
      `${base}/api/coupon/valid/qr/customer/${member.username}`,
      { ...auth, 'if-none-match': etag },
      304,
    ),
    await measure(
      'My QR poll, full list of 3 (200)',
      `${base}/api/coupon/valid/qr/customer/${member.username}`,
      auth,
      200,
    ),
  ];
  const bareRate = results[0]?.perSecond ?? 1;
  console.log(
    `database: ${database.kind}; concurrency ${CONCURRENCY}; up to ${MAX_REQUESTS} requests or ${MAX_SECONDS} s each`,
  );
  console.table(
    results.map((r) => ({
      endpoint: r.name,
      requests: r.requests,
      'req/s': Math.round(r.perSecond),
      'vs bare': `${((r.perSecond / bareRate) * 100).toFixed(0)}%`,
      'p50 ms': r.p50.toFixed(1),
      'p99 ms': r.p99.toFixed(1),
    })),
  );

  await bare.close();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
