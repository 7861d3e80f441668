import { and, asc, eq, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { Db } from '../../db/client.ts';
import { telegramUpdates } from '../../db/schema.ts';
import { isPaidInvoice } from '../../telegram/bot.ts';

type Logger = Pick<FastifyBaseLogger, 'warn' | 'error'>;

export interface InboxReport {
  handled: number;
  /** Paid invoices the handlers failed on: tried again later. */
  retrying: number;
  /** Other updates the handlers failed on: dropped with a log line, as the webhook drops them. */
  dropped: number;
}

/** A taken update is this process's for so long; past it (the process died) another takes it again. */
const LEASE_MS = 30_000;
const BASE_RETRY_MS = 5_000;
const MAX_RETRY_MS = 5 * 60 * 1000;
/** Telegram keeps an unconfirmed update 24 hours at most; a handled id is kept beyond that, then forgotten. */
const KEEP_HANDLED_MS = 48 * 60 * 60 * 1000;
/** getUpdates gives at most 100 at a time. */
const BATCH = 100;

/**
 * The inbox of updates taken by long polling. Telegram forgets an update once getUpdates is asked
 * for a later offset, whether or not the bot handled it; so each update is written here first
 * (`store`), the offset moves past it only then, and it is handled from here (`handleDue`).
 *
 * Handled as the webhook handles them: a paid invoice the handlers failed on (the database down)
 * is tried again, with a backoff, until it is settled (settling one charge twice issues one
 * coupon); any other update that fails is dropped with a log line (membership heals itself from
 * getChatMember, a pre-checkout query is dead after Telegram's 10 s). A process that dies holding
 * an update leaves it leased: another takes it when the lease runs out, or the next process does.
 */
export function createUpdateInbox(options: { db: Db; bot: Bot; log: Logger }) {
  const { db, bot, log } = options;

  /** `at` plus some milliseconds, in SQL. */
  const later = (at: SQL, ms: number) => sql`${at} + make_interval(secs => ${ms / 1000})`;

  /** Writes updates down, once each by update_id: Telegram resends what was not confirmed. */
  async function store(updates: readonly Update[]): Promise<void> {
    if (updates.length === 0) return;
    await db
      .insert(telegramUpdates)
      .values(
        updates.map((update) => ({
          updateId: update.update_id,
          body: update as unknown as Record<string, unknown>,
        })),
      )
      .onConflictDoNothing();
  }

  async function claim(at: SQL) {
    const due = db
      .select({ updateId: telegramUpdates.updateId })
      .from(telegramUpdates)
      .where(and(isNull(telegramUpdates.handledAt), lte(telegramUpdates.nextAttemptAt, at)))
      .orderBy(asc(telegramUpdates.updateId))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(telegramUpdates)
      .set({ attempts: sql`${telegramUpdates.attempts} + 1`, nextAttemptAt: later(at, LEASE_MS) })
      .where(inArray(telegramUpdates.updateId, due))
      .returning();
    // In the order Telegram gave them: a join before the leave that follows it.
    return rows.sort((a, b) => a.updateId - b.updateId);
  }

  /** Handled, or given up: only the id stays (the update names people). */
  const done = (updateId: number, lastError: string | null) =>
    db
      .update(telegramUpdates)
      .set({ handledAt: sql`now()`, body: null, lastError })
      .where(eq(telegramUpdates.updateId, updateId));

  async function handle(row: typeof telegramUpdates.$inferSelect, at: SQL): Promise<keyof InboxReport> {
    const update = row.body as unknown as Update;
    try {
      await bot.handleUpdate(update);
    } catch (err) {
      const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      if (!isPaidInvoice(update)) {
        log.error({ err, updateId: row.updateId }, 'telegram update failed');
        await done(row.updateId, lastError);
        return 'dropped';
      }
      const retryMs = Math.min(BASE_RETRY_MS * 2 ** Math.min(row.attempts - 1, 20), MAX_RETRY_MS);
      log.error(
        { err, updateId: row.updateId, retryInMs: retryMs },
        'a paid invoice not settled; will retry',
      );
      await db
        .update(telegramUpdates)
        .set({ nextAttemptAt: later(at, retryMs), lastError })
        .where(eq(telegramUpdates.updateId, row.updateId));
      return 'retrying';
    }
    await done(row.updateId, null);
    return 'handled';
  }

  /**
   * Handles the updates due, one after another in Telegram's order. Times are the database's; a
   * test passes `now` to act as if it were later, instead of sleeping.
   */
  async function handleDue(now?: Date): Promise<InboxReport> {
    const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
    const report: InboxReport = { handled: 0, retrying: 0, dropped: 0 };
    if (!bot.isInited()) await bot.init();
    for (const row of await claim(at)) {
      // A failure to record the outcome leaves the lease to run out: the update is tried again.
      const outcome = await handle(row, at).catch((err: unknown) => {
        log.error({ err, updateId: row.updateId }, 'could not record a telegram update’s outcome');
        return 'retrying' as const;
      });
      report[outcome] += 1;
    }
    await db
      .delete(telegramUpdates)
      .where(lt(telegramUpdates.handledAt, sql`${at} - make_interval(secs => ${KEEP_HANDLED_MS / 1000})`));
    return report;
  }

  return { store, handleDue };
}

export type UpdateInbox = ReturnType<typeof createUpdateInbox>;
