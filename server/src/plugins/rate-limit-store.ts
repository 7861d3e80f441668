import { lt, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import type { Db } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema.ts';

type Count = { current: number; ttl: number };
type Done = (error: Error | null, result?: Count) => void;

/** Counters older than the longest window are of no use; swept now and then by whoever counts. */
const SWEEP_EVERY_MS = 10 * 60_000;
const KEEP_FOR = sql`interval '1 day'`;

/**
 * A @fastify/rate-limit store in the database every server process shares: the limit holds across
 * processes and restarts. One upsert per counted request; the window restarts on the first hit
 * after it has ended, as the plugin's own memory store does.
 */
export function createDatabaseRateLimitStore(db: Db) {
  let lastSweep = 0;
  const sweep = () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    db.delete(rateLimitCounters)
      .where(lt(rateLimitCounters.windowStartedAt, sql`now() - ${KEEP_FOR}`))
      .catch(() => {
        lastSweep = 0;
      });
  };

  async function hit(key: string, windowMs: number): Promise<Count> {
    const ended = sql`${rateLimitCounters.windowStartedAt} <= now() - ${windowMs} * interval '1 millisecond'`;
    const [row] = await db
      .insert(rateLimitCounters)
      .values({ key, windowStartedAt: sql`now()`, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          hits: sql`CASE WHEN ${ended} THEN 1 ELSE ${rateLimitCounters.hits} + 1 END`,
          windowStartedAt: sql`CASE WHEN ${ended} THEN now() ELSE ${rateLimitCounters.windowStartedAt} END`,
        },
      })
      .returning({ hits: rateLimitCounters.hits, msLeft: msLeft(windowMs) });
    sweep();
    return { current: row?.hits ?? 1, ttl: Math.max(0, row?.msLeft ?? windowMs) };
  }

  async function peek(key: string, windowMs: number): Promise<Count> {
    const [row] = await db
      .select({ hits: rateLimitCounters.hits, msLeft: msLeft(windowMs) })
      .from(rateLimitCounters)
      .where(sql`${rateLimitCounters.key} = ${key}`);
    if (!row || row.msLeft <= 0) return { current: 0, ttl: 0 };
    return { current: row.hits, ttl: row.msLeft };
  }

  return class DatabaseRateLimitStore {
    /**
     * The plugin builds the root store with its options (unused here); `child` names the route (or
     * the group of routes) a store counts for, whose counters are apart from others'.
     */
    constructor(
      _options?: unknown,
      private readonly route = '',
    ) {}

    incr(key: string, done: Done, timeWindow: number) {
      hit(`${this.route} ${key}`, timeWindow).then((count) => done(null, count), done);
    }

    read(key: string, done: Done, timeWindow: number) {
      peek(`${this.route} ${key}`, timeWindow).then((count) => done(null, count), done);
    }

    // The plugin passes the route's limit options with the route itself as `routeInfo`. Routes
    // whose limit names one `groupId` count together: the plugin's own store would count apart.
    child(routeOptions: RouteOptions & { groupId?: string; routeInfo?: Partial<RouteOptions> }) {
      if (routeOptions.groupId) return new DatabaseRateLimitStore(undefined, `group ${routeOptions.groupId}`);
      const { method = '', url = '' } = routeOptions.routeInfo ?? {};
      return new DatabaseRateLimitStore(undefined, `${[method].flat().join(',')} ${url}`);
    }
  };
}

const msLeft = (windowMs: number) =>
  sql<number>`(extract(epoch from ${rateLimitCounters.windowStartedAt} + ${windowMs} * interval '1 millisecond' - now()) * 1000)::int`;
