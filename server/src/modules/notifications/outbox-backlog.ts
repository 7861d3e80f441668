import { and, count, isNull, sql } from 'drizzle-orm';
import type { TBotMessagesStuck } from '#contract/session';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import type { TelegramReachability } from '../../telegram/reachability.ts';

/** An admin is told once the oldest message has waited this long, as docs/operations.md's OutboxStuck alert. */
export const STUCK_AFTER_S = 600;

/**
 * The bot messages neither sent nor given up, and how long the oldest has waited (0 when none
 * waits). A message an admin sent again waits from then, as the worker's day of trying counts.
 */
export async function readOutboxBacklog(db: Db): Promise<{ pending: number; oldestWaitingS: number }> {
  const waitingSince = sql`coalesce(${notifications.resentAt}, ${notifications.createdAt})`;
  const [row] = await db
    .select({
      pending: count(),
      oldest: sql<string | number | null>`extract(epoch FROM now() - min(${waitingSince}))`,
    })
    .from(notifications)
    .where(and(isNull(notifications.sentAt), isNull(notifications.failedAt)));
  return { pending: row?.pending ?? 0, oldestWaitingS: Math.max(0, Number(row?.oldest ?? 0)) };
}

/** What an admin's Home says while a message has waited over STUCK_AFTER_S; undefined otherwise. */
export async function stuckBotMessages(
  db: Db,
  telegram: TelegramReachability,
): Promise<TBotMessagesStuck | undefined> {
  const { oldestWaitingS } = await readOutboxBacklog(db);
  if (oldestWaitingS <= STUCK_AFTER_S) return undefined;
  return { minutes: Math.floor(oldestWaitingS / 60), telegram: telegram.reach() };
}
