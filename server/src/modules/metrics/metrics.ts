import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Api } from 'grammy';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.ts';
import { paymentStatus } from '../../db/schema.ts';
import type { SweepClock } from '../../jobs/sweep-clock.ts';
import type { TelegramReachability } from '../../telegram/reachability.ts';
import { readOutboxBacklog } from '../notifications/outbox-backlog.ts';

/** Request durations, seconds: from a 304 from memory (under 5 ms) to a payment start at YooKassa. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15];

// Both drivers (node-postgres, PGlite) answer a raw query with `{ rows }`.
const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * What this process tells Prometheus (GET /api/metrics): its requests, its database pool, the
 * outbox and payments as the shared database holds them, whether Telegram answers it and Telegram's
 * refusals for sending too much,
 * each background sweep's last success, and Node's own process metrics. A registry of its own per
 * app, so two apps in one process (the tests) count apart.
 */
export function createMetrics(deps: {
  database: Database;
  sweeps: SweepClock;
  telegram: TelegramReachability;
}) {
  const { database, sweeps, telegram } = deps;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route (its pattern, «unmatched» for none), method and status, and how long each took.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });

  const rateLimited = new Counter({
    name: 'telegram_bot_api_rate_limited_total',
    help: 'Bot API calls Telegram answered 429 (too many requests), by method.',
    labelNames: ['method'] as const,
    registers,
  });

  // Both outbox gauges from one query: prom-client collects a scrape's gauges side by side.
  let outboxRead: ReturnType<typeof readOutboxBacklog> | undefined;
  const outboxNow = () => {
    outboxRead ??= readOutboxBacklog(database.db).finally(() => {
      outboxRead = undefined;
    });
    return outboxRead;
  };
  new Gauge({
    name: 'outbox_messages_pending',
    help: 'Bot messages waiting in the outbox (neither sent nor given up).',
    registers,
    async collect() {
      this.set((await outboxNow()).pending);
    },
  });
  new Gauge({
    name: 'outbox_oldest_message_age_seconds',
    help: 'Age of the oldest bot message still waiting in the outbox (one sent again: since then); 0 when none waits.',
    registers,
    async collect() {
      this.set((await outboxNow()).oldestWaitingS);
    },
  });

  new Gauge({
    name: 'telegram_bot_api_up',
    help: 'Whether this process reaches Telegram’s Bot API, by its latest call: 1 after any answer of Telegram’s (a 403 or 429 too), 0 after no answer, a timeout or a 5xx; absent before the first call.',
    registers,
    collect() {
      const reach = telegram.reach();
      // Unknown is no sample, as Prometheus has it: an alert on 0 waits for a call that failed.
      if (reach === 'unknown') this.remove();
      else this.set(reach === 'up' ? 1 : 0);
    },
  });

  new Gauge({
    name: 'outbox_messages_undelivered',
    help: 'Bot messages given up, by why: «refused» by the messenger (blocked, no such chat), «unanswered» for a day (429, 5xx, silence). An admin may send them again.',
    labelNames: ['reason'] as const,
    registers,
    async collect() {
      const rows = await rowsOf<{ undelivered: string; count: number | string }>(
        database,
        sql`SELECT undelivered, count(*) AS count FROM notifications
             WHERE undelivered IS NOT NULL GROUP BY undelivered`,
      );
      this.reset();
      for (const reason of ['REFUSED', 'UNANSWERED']) {
        const count = rows.find((row) => row.undelivered === reason)?.count ?? 0;
        this.set({ reason: reason.toLowerCase() }, Number(count));
      }
    },
  });

  new Gauge({
    name: 'payments',
    help: 'Payments by status, as the database holds them.',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const rows = await rowsOf<{ status: string; count: number | string }>(
        database,
        sql`SELECT status, count(*) AS count FROM payments GROUP BY status`,
      );
      const counts = new Map(rows.map((row) => [row.status, Number(row.count)]));
      for (const status of paymentStatus.enumValues) this.set({ status }, counts.get(status) ?? 0);
    },
  });

  new Gauge({
    name: 'background_sweep_last_success_timestamp_seconds',
    help: 'When each background sweep of this process last finished without failing (Unix time).',
    labelNames: ['sweep'] as const,
    registers,
    collect() {
      for (const [sweep, at] of sweeps.lastSuccesses()) this.set({ sweep }, at / 1000);
    },
  });

  const pool = database.pool;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Connections of this process to PostgreSQL, by state (busy, idle) and its pool size (max).',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const now = pool();
        this.set({ state: 'busy' }, now.total - now.idle);
        this.set({ state: 'idle' }, now.idle);
        this.set({ state: 'max' }, now.max);
      },
    });
    new Gauge({
      name: 'db_pool_waiting_queries',
      help: 'Queries of this process waiting for a free PostgreSQL connection at the moment of the scrape.',
      registers,
      collect() {
        this.set(pool().waiting);
      },
    });
  }

  return {
    registry,
    /** Times every request of `app`, whatever route answered it. */
    observeRequests(app: FastifyInstance) {
      app.addHook('onResponse', async (request, reply) => {
        requests.observe(
          {
            method: request.method,
            route: request.routeOptions.url ?? 'unmatched',
            status: String(reply.statusCode),
          },
          reply.elapsedTime / 1000,
        );
      });
    },
    /** Counts the 429s Telegram answers to `api`'s calls. */
    observeBotApi(api: Api) {
      api.config.use(async (call, method, payload, signal) => {
        const result = await call(method, payload, signal);
        if (!result.ok && result.error_code === 429) rateLimited.inc({ method });
        return result;
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
