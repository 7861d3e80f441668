import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type THealthResponse, ZHealthResponse } from '#contract/session';
import type { Database } from '../../db/client.ts';
import type { TelegramReachability } from '../../telegram/reachability.ts';
import { readOutboxBacklog } from '../notifications/outbox-backlog.ts';

/** The newest migration this code ships: a database that has not applied it cannot serve this code. */
const journal = JSON.parse(
  readFileSync(new URL('../../db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: { when: number; tag: string }[] };
const NEWEST_MIGRATION = journal.entries.at(-1)?.when ?? 0;

/** Health answers within this, whatever the database does: a balancer's probe must not hang. */
const HEALTH_DEADLINE_MS = 1_500;

async function readiness(database: Database): Promise<THealthResponse['db']> {
  try {
    // Both drivers (node-postgres, PGlite) answer a raw query with `{ rows }`.
    const result = (await database.db.execute(
      sql`SELECT max(created_at) AS newest FROM drizzle.__drizzle_migrations`,
    )) as { rows: { newest: string | number | null }[] };
    return Number(result.rows[0]?.newest ?? 0) >= NEWEST_MIGRATION ? 'up' : 'not_migrated';
  } catch (error) {
    // No migrations table (a database recreated empty) or no schema: answering, but not ours.
    const code =
      (error as { cause?: { code?: string }; code?: string }).cause?.code ??
      (error as { code?: string }).code;
    if (code === '42P01' || code === '3F000') return 'not_migrated';
    throw error;
  }
}

export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  telegram: TelegramReachability;
}> = async (app, { database, telegram }) => {
  /** Liveness: the process answers; the database is not asked (a restart would not mend it). */
  app.get('/api/health/live', async () => ({ ok: true }));

  /**
   * Readiness: the database answers, in time, with the schema this code needs. Beside it, Telegram's
   * reach and the oldest unsent message's wait, told but never failing readiness: the app serves
   * without Telegram, and every process shares its way there, so a balancer would take all out.
   */
  app.get(
    '/api/health',
    { schema: { response: { 200: ZHealthResponse, 503: ZHealthResponse } } },
    async (request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, HEALTH_DEADLINE_MS);
      });
      const [db, backlog] = await Promise.all([
        Promise.race([readiness(database), deadline.then(() => 'down' as const)]).catch((error: unknown) => {
          request.log.error({ err: error }, 'health check: database does not answer');
          return 'down' as const;
        }),
        // Asked beside readiness, not after it: the deadline stays the database's alone.
        Promise.race([readOutboxBacklog(database.db), deadline.then(() => undefined)]).catch(() => undefined),
      ]).finally(() => clearTimeout(timer));
      if (db !== 'up') request.log.warn({ db }, 'health check: not ready');
      return reply.status(db === 'up' ? 200 : 503).send({
        ok: db === 'up',
        db,
        telegram: telegram.reach(),
        oldestUnsentMessageS: db === 'up' && backlog ? Math.floor(backlog.oldestWaitingS) : null,
      });
    },
  );
};
