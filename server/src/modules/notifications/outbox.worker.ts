import { and, asc, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Api, GrammyError } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { repeat } from '../../jobs/repeat.ts';
import type { SweepClock } from '../../jobs/sweep-clock.ts';
import { abortAfter } from '../../telegram/bot-api.ts';

type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
type Row = typeof notifications.$inferSelect;

export interface DeliveryReport {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

export interface OutboxWorkerOptions {
  db: Db;
  /** The Bot API; absent in the local stand-in, where each message is logged instead of sent. */
  botApi?: Api;
  log: Logger;
  /** Rows taken per run, sent concurrently (well under Telegram's 30 messages a second). */
  batchSize?: number;
  /** Attempts before giving up on a message. */
  maxAttempts?: number;
  /** How long a taken row is this worker's; past it another worker may take it again. */
  leaseMs?: number;
  /** A send slower than this is abandoned and retried; well under the lease. */
  sendTimeoutMs?: number;
  /** Pause between runs that found less than a full batch. */
  intervalMs?: number;
  /** Told of every run that went through (the metrics' last success). */
  sweeps?: SweepClock;
}

const BASE_RETRY_MS = 10_000;
const MAX_RETRY_MS = 60 * 60 * 1000;

/**
 * Sends the outbox. Any number of server processes may run one: a run takes due rows with
 * `FOR UPDATE SKIP LOCKED` and leases them (pushes `next_attempt_at` forward) in one statement, so
 * no two workers send the same row; the sends happen outside any transaction. Delivery is at
 * least once: a process dying between Telegram's answer and marking the row sent resends it when
 * the lease runs out.
 */
export function createOutboxWorker(options: OutboxWorkerOptions) {
  const { db, botApi, log } = options;
  const batchSize = options.batchSize ?? 25;
  const maxAttempts = options.maxAttempts ?? 8;
  const leaseMs = options.leaseMs ?? 60_000;
  const sendTimeoutMs = options.sendTimeoutMs ?? 15_000;
  const intervalMs = options.intervalMs ?? 2_000;

  /** `at` plus some milliseconds, in SQL. */
  const later = (at: SQL, ms: number) => sql`${at} + make_interval(secs => ${ms / 1000})`;

  async function claim(at: SQL): Promise<Row[]> {
    const due = db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          isNull(notifications.sentAt),
          isNull(notifications.failedAt),
          lte(notifications.nextAttemptAt, at),
        ),
      )
      .orderBy(asc(notifications.nextAttemptAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(notifications)
      .set({
        attempts: sql`${notifications.attempts} + 1`,
        nextAttemptAt: later(at, leaseMs),
      })
      .where(inArray(notifications.id, due))
      .returning();
  }

  /** Milliseconds until the next attempt, or undefined when retrying cannot help. */
  function retryDelay(error: unknown, attempts: number): number | undefined {
    if (error instanceof GrammyError) {
      // 400: the chat does not exist or the message is refused; 403: blocked, or never started the bot.
      if (error.error_code === 400 || error.error_code === 403) return undefined;
      if (error.error_code === 429 && attempts < maxAttempts) {
        return (error.parameters.retry_after ?? 5) * 1000;
      }
    }
    if (attempts >= maxAttempts) return undefined;
    return Math.min(BASE_RETRY_MS * 2 ** (attempts - 1), MAX_RETRY_MS);
  }

  async function deliver(row: Row, at: SQL): Promise<'sent' | 'retrying' | 'failed'> {
    try {
      if (botApi) {
        await botApi.sendMessage(
          row.chatId,
          row.text,
          {
            ...(row.replyMarkup ? { reply_markup: row.replyMarkup as unknown as InlineKeyboardMarkup } : {}),
            link_preview_options: { is_disabled: true },
          },
          abortAfter(sendTimeoutMs),
        );
      } else {
        log.info(
          { notification: { kind: row.kind, chatId: row.chatId, text: row.text } },
          'bot message (local stand-in: logged, not sent)',
        );
      }
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const delay = retryDelay(error, row.attempts);
      const about = {
        err: error,
        notificationId: row.id,
        kind: row.kind,
        chatId: row.chatId,
        attempts: row.attempts,
      };
      if (delay === undefined) {
        await db
          .update(notifications)
          .set({ failedAt: sql`now()`, lastError })
          .where(eq(notifications.id, row.id));
        const blocked = error instanceof GrammyError && error.error_code === 403;
        // A user who never started the bot, or blocked it, is ordinary life, not an incident.
        if (blocked)
          log.warn(about, 'bot message not delivered: the user does not accept messages from the bot');
        else log.error(about, 'bot message not delivered; giving up');
        return 'failed';
      }
      await db
        .update(notifications)
        .set({ nextAttemptAt: later(at, delay), lastError })
        .where(eq(notifications.id, row.id));
      log.warn({ ...about, retryInMs: delay }, 'bot message not sent; will retry');
      return 'retrying';
    }
    await db
      .update(notifications)
      .set({ sentAt: sql`now()`, lastError: null })
      .where(eq(notifications.id, row.id));
    return 'sent';
  }

  /**
   * One run: takes the rows due and sends them. Times are the database's (one clock for every
   * process); a test passes `now` to act as if it were later, instead of sleeping.
   */
  async function deliverDue(now?: Date): Promise<DeliveryReport> {
    const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
    const rows = await claim(at);
    const report: DeliveryReport = { claimed: rows.length, sent: 0, retrying: 0, failed: 0 };
    const outcomes = await Promise.all(
      rows.map((row) =>
        deliver(row, at).catch((err: unknown) => {
          // The database failed while recording the outcome: the lease runs out and it is tried again.
          log.error({ err, notificationId: row.id }, 'could not record a bot message outcome');
          return 'retrying' as const;
        }),
      ),
    );
    for (const outcome of outcomes) report[outcome] += 1;
    return report;
  }

  const runs = repeat('outbox', async () => ({ more: (await deliverDue()).claimed === batchSize }), {
    intervalMs,
    log,
    sweeps: options.sweeps,
  });

  return {
    deliverDue,
    /** Runs deliverDue every `intervalMs` (at once again after a full batch) until stopped. */
    start: runs.start,
    /** Stops the runs and waits for one under way. */
    stop: runs.stop,
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
