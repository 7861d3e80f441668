import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { reachOf } from '../../messenger/people.ts';
import { MESSAGE_KINDS, type MessageKind, type NotificationInput, type Told } from './message-kinds.ts';

type Logger = Pick<FastifyBaseLogger, 'error' | 'info'>;

/**
 * The messages people need (message-kinds.ts says each kind's recipients, words, buttons and
 * delivery). `notify` writes one to the outbox, in the caller's transaction when `tx` is given, and
 * never throws: a message that cannot even be queued is logged, and the event it tells of stands.
 * Sending is the outbox worker's job.
 */
export function createNotificationService(options: {
  db: Db;
  log: Logger;
  /** Every admin's id (users' `adminIds`: the one rule of who is an admin), read in the event's transaction. */
  adminIds(executor: Db): Promise<number[]>;
  /** BOT_GROUP_SECONDS: how long a grouped message waits for others of its chat; 0 sends each alone. */
  groupSeconds?: number;
}) {
  const { db, log, adminIds } = options;
  const groupSeconds = options.groupSeconds ?? 0;

  /**
   * The people told and their words, each at their messenger's chat; one with nobody to tell yet
   * goes to the log instead.
   */
  async function addressees(exec: Db, what: { kind: string; eventKey: string }, told: Told) {
    const people = Array.isArray(told)
      ? told.flatMap(({ userId, text }) => {
          if (userId !== null) return [{ userId, text }];
          log.info({ ...what, text }, 'the addressee has not opened the app yet; nobody to tell');
          return [];
        })
      : (await adminIds(exec))
          .filter((id) => id !== told.except)
          .map((userId) => ({ userId, text: told.admins }));
    if (!Array.isArray(told) && people.length === 0)
      log.info({ ...what, text: told.admins }, 'no admin has opened the app yet; nobody to tell');
    const reach = await reachOf(
      exec,
      people.map((person) => person.userId),
    );
    return people.flatMap(({ userId, text }) => {
      const chat = reach.get(userId);
      if (chat) return [{ ...chat, text }];
      log.error({ ...what, userId }, 'no messenger knows the addressee; nobody to tell');
      return [];
    });
  }

  /**
   * Queues the message of `kind` about the event `input` tells of: true once queued (or with nobody
   * to tell), false when it could not be, and a caller that must not go on without it (a reminder's
   * claim) rolls back.
   */
  async function notify<K extends keyof NotificationInput>(
    kind: K,
    input: NotificationInput[K],
    tx?: Db,
  ): Promise<boolean> {
    // The table's entry of `kind` takes the input of `kind`, which TypeScript cannot follow through the index.
    const message = MESSAGE_KINDS[kind] as MessageKind<NotificationInput[K]>;
    const eventKey = String(message.eventKey(input));
    const write = async (exec: Db) => {
      const chats = await addressees(exec, { kind, eventKey }, await message.to(input, exec));
      if (chats.length === 0) return;
      const delivery = typeof message.delivery === 'function' ? message.delivery(input) : message.delivery;
      const buttons = typeof message.buttons === 'function' ? message.buttons(input) : message.buttons;
      await exec
        .insert(notifications)
        .values(
          chats.map(({ messenger, chatId, text }) => {
            // Until when it waits for others of its chat to go with it; without, it goes at once.
            const until =
              delivery === 'grouped' && groupSeconds > 0
                ? sql`now() + make_interval(secs => ${groupSeconds})`
                : null;
            return {
              kind,
              eventKey,
              messenger,
              chatId,
              text,
              // Stored as every messenger has them; the messenger's adapter draws them.
              buttons: buttons ?? null,
              purpose: message.purpose,
              ...(until ? { groupUntil: until, nextAttemptAt: until } : {}),
            };
          }),
        )
        .onConflictDoNothing();
    };
    try {
      // A savepoint: a failure here must not abort the caller's transaction.
      if (tx) await tx.transaction(async (savepoint) => write(savepoint));
      else await write(db);
      return true;
    } catch (err) {
      log.error({ err, kind, eventKey }, 'notification not queued; the event stands without it');
      return false;
    }
  }

  /**
   * Takes back the message of `kind` about the event `eventKey` while no worker has taken it yet
   * (one sending it now may already have got it through): news gone stale before it went, such as
   * a request decided before the admins were told of it. How many messages were withdrawn.
   */
  async function withdraw<K extends keyof NotificationInput>(
    kind: K,
    eventKey: string | number,
    why: string,
    tx: Db,
  ): Promise<number> {
    const withdrawn = await tx
      .update(notifications)
      .set({ failedAt: sql`now()`, lastError: why })
      .where(
        and(
          eq(notifications.kind, kind),
          eq(notifications.eventKey, String(eventKey)),
          isNull(notifications.sentAt),
          isNull(notifications.failedAt),
          eq(notifications.attempts, 0),
        ),
      )
      .returning({ id: notifications.id });
    return withdrawn.length;
  }

  return { notify, withdraw };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
