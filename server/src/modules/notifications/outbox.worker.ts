import {
  and,
  asc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notExists,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { TMessenger } from '#contract/messengers';
import type { Db } from '../../db/client.ts';
import { notifications, users } from '../../db/schema.ts';
import { type MessageButtons, MessengerError, type Messengers } from '../../domain/messenger.ts';
import { repeat } from '../../jobs/repeat.ts';
import type { SweepClock } from '../../jobs/sweep-clock.ts';
import { personOf, personOfChat } from '../../messenger/people.ts';
import { gatherInOrder, groupedMessage } from './grouped-message.ts';
import type { QrPhotos } from './qr-photos.ts';
import { notificationButtons } from './texts.ts';

type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
type Row = typeof notifications.$inferSelect;

/** Rows, not messages: a group of three rows sent as one message counts three. */
export interface DeliveryReport {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
  /** Nothing left to send: a QR that stopped working before its photo went, a photo never sent. */
  skipped: number;
}

type Outcome = Exclude<keyof DeliveryReport, 'claimed'>;

/** What a message sent leaves to record; `skipped` says why nothing was sent. */
/** `messageId` as stored: text, as not every messenger's message ids are numbers. */
type Sent = { messageId?: string; text?: string } | { skipped: string };

/** The photo's file name, which a messenger shows nowhere but a download. */
const QR_PHOTO_FILE = 'kupon-qr.png';

export interface OutboxWorkerOptions {
  db: Db;
  /**
   * The adapter of each messenger with a bot: Telegram's, or the local stand-in's own
   * (telegram/stand-in-bot-api.ts), and any other configured. A row of a messenger missing here
   * waits for its bot (and the mail behind the bot takes it in 15 minutes, where it may).
   */
  messengers: Messengers;
  log: Logger;
  /** The photos of coupons' QRs and their captions (COUPON_QR, COUPON_QR_CAPTION rows). */
  qrPhotos: Pick<QrPhotos, 'photo' | 'caption'>;
  /**
   * Rows taken per run, sent concurrently; runs are at least a second apart, so a process sends at
   * most this many a second, under Telegram's 30.
   */
  batchSize?: number;
  /**
   * How long a message is tried while Telegram answers only «later» (429, 5xx, nothing): from its
   * writing, or from an admin's «Отправить снова».
   */
  giveUpAfterMs?: number;
  /** The longest wait between two tries of a message Telegram did not take (not a 429's, which is Telegram's). */
  maxRetryMs?: number;
  /** How long a taken row is this worker's; past it another worker may take it again. */
  leaseMs?: number;
  /** A send slower than this is abandoned and retried; well under the lease. */
  sendTimeoutMs?: number;
  /** Pause between runs while there is nothing to send. */
  intervalMs?: number;
  /** Told of every run that went through (the metrics' last success). */
  sweeps?: SweepClock;
}

/** Rows looked at to join a group; the message takes as many as fit (grouped-message.ts). */
const GROUP_CANDIDATES = 20;
const BASE_RETRY_MS = 10_000;
const MAX_RETRY_MS = 5 * 60 * 1000;
const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
/** The messenger refusing the message itself, for good: it would answer the same again. */
const isRefusal = (error: unknown) =>
  error instanceof MessengerError && (error.reason === 'refused' || error.reason === 'blocked');

/** The messenger's «too many requests», with the seconds it asks the bot to wait. */
const floodWaitS = (error: unknown) =>
  error instanceof MessengerError && error.reason === 'flood' ? error.retryAfterS : undefined;

/**
 * Sends the outbox. Any number of server processes may run one: a run takes due rows with
 * `FOR UPDATE SKIP LOCKED` and leases them (pushes `next_attempt_at` forward) in one statement, so
 * no two workers send the same row; the sends happen outside any transaction. Delivery is at
 * least once: a process dying between the messenger's answer and marking the row sent resends it
 * when the lease runs out. Each row goes through the adapter of its `messenger`; a messenger with
 * no adapter here has its rows wait.
 *
 * A chat's messages go out one at a time and in order: only the oldest unsent row of a chat is
 * taken (a chat is its messenger's: the same id in two messengers is two chats), so a second
 * message to one chat waits for the first (Telegram allows about one a second per chat), a row
 * waiting out a flood wait holds back the rest of its chat, and a QR photo's caption is never
 * edited before the photo is sent.
 *
 * Only the messenger's refusal of the message itself (`refused`, `blocked`: Telegram's 400, 403)
 * ends it at once. A flood wait, a server's failure or no answer says nothing about the message: it
 * is tried again, a flood wait after its seconds and every other failure after a backoff up to
 * `maxRetryMs`, for `giveUpAfterMs` (a day) before it is given up. A flood wait is the bot's, not
 * a chat's: it pauses this worker's every send through that messenger until it has passed, and
 * moves every waiting row of that messenger past it for the other processes' workers.
 * What is given up is marked `undelivered` for the admin's list, which can send it again.
 */
export function createOutboxWorker(options: OutboxWorkerOptions) {
  const { db, messengers, log, qrPhotos } = options;
  const withBots = (Object.keys(messengers) as TMessenger[]).filter((name) => messengers[name]);
  // Sent with every caption edit too: an edit without it would take the button away.
  const underQrPhoto: MessageButtons = [[notificationButtons.myCoupons]];
  const batchSize = options.batchSize ?? 25;
  const giveUpAfterMs = options.giveUpAfterMs ?? GIVE_UP_AFTER_MS;
  const maxRetryMs = options.maxRetryMs ?? MAX_RETRY_MS;
  const leaseMs = options.leaseMs ?? 60_000;
  const sendTimeoutMs = options.sendTimeoutMs ?? 15_000;
  const intervalMs = options.intervalMs ?? 2_000;

  /** `at` plus some milliseconds, in SQL. */
  const later = (at: SQL, ms: number) => sql`${at} + make_interval(secs => ${ms / 1000})`;

  const older = alias(notifications, 'older');
  /**
   * No older row of the same chat is still to be sent, but for one still waiting for its group
   * (never taken, its window not over): an answer to the person's own action does not wait for it.
   */
  const oldestOfItsChat = (at: SQL) =>
    notExists(
      db
        .select({ id: older.id })
        .from(older)
        .where(
          and(
            eq(older.messenger, notifications.messenger),
            eq(older.chatId, notifications.chatId),
            isNull(older.sentAt),
            isNull(older.failedAt),
            lt(older.id, notifications.id),
            or(isNull(older.groupUntil), gt(older.attempts, 0), lte(older.groupUntil, at)),
          ),
        ),
    );

  /** The messengers whose rows may go at `nowMs`: each with a bot and not waiting out its flood wait. */
  const sendingAt = (nowMs: number) => withBots.filter((name) => nowMs >= (pausedUntil.get(name) ?? 0));

  async function claim(at: SQL, from: TMessenger[]): Promise<Row[]> {
    const due = db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          inArray(notifications.messenger, from),
          isNull(notifications.sentAt),
          isNull(notifications.failedAt),
          lte(notifications.nextAttemptAt, at),
          oldestOfItsChat(at),
        ),
      )
      .orderBy(asc(notifications.nextAttemptAt), asc(notifications.id))
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

  /**
   * The rest of a grouped row's group: the other grouped rows of its chat not yet sent and not in
   * another worker's hands (never taken, or taken and released by a failed try), in the order
   * written as far as one message holds them (gatherInOrder), leased with it in one transaction.
   * Locked with SKIP LOCKED, so an undo withdrawing one of them (redemption-effects.ts,
   * attempts = 0) and this never both have it.
   */
  async function gatherGroup(lead: Row, at: SQL): Promise<Row[]> {
    if (lead.groupUntil === null || lead.purpose !== 'service') return [lead];
    return db.transaction(async (tx) => {
      const candidates = await tx
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.messenger, lead.messenger),
            eq(notifications.chatId, lead.chatId),
            ne(notifications.id, lead.id),
            isNotNull(notifications.groupUntil),
            eq(notifications.purpose, 'service'),
            isNull(notifications.sentAt),
            isNull(notifications.failedAt),
            or(eq(notifications.attempts, 0), lte(notifications.nextAttemptAt, at)),
          ),
        )
        .orderBy(asc(notifications.id))
        .limit(GROUP_CANDIDATES)
        .for('update', { skipLocked: true });
      const joined = gatherInOrder(lead, candidates)
        .slice(1)
        .map((row) => row.id);
      if (joined.length === 0) return [lead];
      return [
        lead,
        ...(await tx
          .update(notifications)
          .set({ attempts: sql`${notifications.attempts} + 1`, nextAttemptAt: later(at, leaseMs) })
          .where(inArray(notifications.id, joined))
          .returning()),
      ].sort((a, b) => a.id - b.id);
    });
  }

  /** Until when (ms) each messenger asked its bot to send nothing: its last flood wait (Telegram's 429 `retry_after`). */
  const pausedUntil = new Map<TMessenger, number>();

  /** Every row of the messenger waits out its pause too, whichever process's worker would take it. */
  async function pauseEveryone(messenger: TMessenger, until: Date) {
    await db
      .update(notifications)
      .set({
        nextAttemptAt: sql`greatest(${notifications.nextAttemptAt}, ${until.toISOString()}::timestamptz)`,
      })
      .where(
        and(
          eq(notifications.messenger, messenger),
          isNull(notifications.sentAt),
          isNull(notifications.failedAt),
        ),
      );
  }

  /** The adapter of the row's messenger: claimed rows are only of messengers with one. */
  function portOf(row: Row) {
    const port = messengers[row.messenger];
    if (!port) throw new Error(`no adapter of ${row.messenger} for a claimed message`);
    return port;
  }

  /** The person whose chat the row goes to: a QR photo is theirs only while the coupon is. */
  const holderOf = async (row: Pick<Row, 'messenger' | 'chatId'>) =>
    (await personOf(db, { messenger: row.messenger, externalId: String(row.chatId) })) ?? null;

  /**
   * Milliseconds until the next attempt, or undefined when retrying cannot help: the messenger
   * refused the message (no such chat, or the message is wrong; blocked, or the bot never
   * started), or it has been tried for `giveUpAfterMs`.
   */
  function retryDelay(error: unknown, row: Row, nowMs: number): number | undefined {
    if (isRefusal(error)) return undefined;
    const wait = floodWaitS(error);
    if (wait !== undefined) return wait * 1000;
    if (nowMs - (row.resentAt ?? row.createdAt).getTime() >= giveUpAfterMs) return undefined;
    return Math.min(BASE_RETRY_MS * 2 ** Math.min(row.attempts - 1, 20), maxRetryMs);
  }

  /** A text message: a row's own, or a group's, which names each of its rows under their buttons. */
  async function sendText(row: Row, group: readonly Row[]): Promise<Sent> {
    const { chatId, text, buttons } = groupedMessage(group);
    return {
      messageId: await portOf(row).sendText(chatId, text, buttons, AbortSignal.timeout(sendTimeoutMs)),
    };
  }

  /** The QR as a photo (multipart upload of the PNG), if it still works for the holder. */
  async function sendQrPhoto(row: Row): Promise<Sent> {
    const holder = await holderOf(row);
    const photo = holder === null ? null : await qrPhotos.photo(row.eventKey, holder);
    if (!photo) return { skipped: 'the QR stopped working before its photo was sent' };
    const messageId = await portOf(row).sendPhoto(
      row.chatId,
      { png: photo.png, fileName: QR_PHOTO_FILE },
      photo.caption,
      underQrPhoto,
      AbortSignal.timeout(sendTimeoutMs),
    );
    return { messageId, text: photo.caption };
  }

  /**
   * Brings a QR photo's caption up to date. Edited rather than deleted: a bot may delete its
   * message in a private chat only within 48 hours, and a photo that vanished would leave the
   * holder guessing, where the caption tells them what became of the coupon.
   */
  async function editQrCaption(row: Row): Promise<Sent> {
    const [photo] = row.captionOf
      ? await db.select().from(notifications).where(eq(notifications.id, row.captionOf))
      : [];
    if (!photo?.sentAt || photo.messageId === null) return { skipped: 'no photo in the chat to edit' };
    const holder = await holderOf(photo);
    if (holder === null) return { skipped: 'nobody holds the chat of the photo' };
    const caption = await qrPhotos.caption(photo.eventKey, holder);
    if (caption === photo.text) return { text: caption };
    const edited = await portOf(photo).editCaption(
      photo.chatId,
      photo.messageId,
      caption,
      underQrPhoto,
      AbortSignal.timeout(sendTimeoutMs),
    );
    if (edited === 'gone') return { skipped: 'the holder has deleted the photo' };
    // 'unchanged': an earlier attempt got through but was not recorded; the caption is as it should be.
    await db.update(notifications).set({ text: caption }).where(eq(notifications.id, photo.id));
    return { text: caption };
  }

  /** An offer goes only while its addressee still agrees to partners' offers (they may take it back). */
  async function offerAllowed(row: Row): Promise<boolean> {
    const [user] = await db
      .select({ since: users.partnerOffersAt })
      .from(users)
      .where(eq(users.id, personOfChat(sql`${row.messenger}::messenger`, sql`${row.chatId}`)));
    return user?.since != null;
  }

  /** A group's rows are all service texts (gatherGroup); any other row goes alone. */
  async function send(row: Row, group: readonly Row[]): Promise<Sent> {
    if (row.purpose === 'offer' && !(await offerAllowed(row)))
      return { skipped: 'an offer, and its addressee no longer agrees to partners’ offers' };
    if (row.kind === 'COUPON_QR') return sendQrPhoto(row);
    if (row.kind === 'COUPON_QR_CAPTION') return editQrCaption(row);
    return sendText(row, group);
  }

  /** `row` and the rest of its group (`group`, in the order written, `row` among them), sent as one. */
  async function deliver(row: Row, group: readonly Row[], at: SQL, nowMs: number): Promise<Outcome> {
    const ids = group.map((member) => member.id);
    let sent: Sent;
    try {
      sent = await send(row, group);
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const wait = floodWaitS(error);
      if (wait !== undefined && nowMs + wait * 1000 > (pausedUntil.get(row.messenger) ?? 0)) {
        pausedUntil.set(row.messenger, nowMs + wait * 1000);
        await pauseEveryone(row.messenger, new Date(nowMs + wait * 1000));
      }
      const delay = retryDelay(error, row, nowMs);
      const about = {
        err: error,
        notificationId: row.id,
        kind: row.kind,
        ...(ids.length > 1 ? { groupedWith: ids.filter((id) => id !== row.id) } : {}),
        chatId: row.chatId,
        attempts: row.attempts,
      };
      if (delay === undefined) {
        await db
          .update(notifications)
          .set({ failedAt: sql`now()`, undelivered: isRefusal(error) ? 'REFUSED' : 'UNANSWERED', lastError })
          .where(inArray(notifications.id, ids));
        const blocked = error instanceof MessengerError && error.reason === 'blocked';
        // A user who never started the bot, or blocked it, is ordinary life, not an incident.
        if (blocked)
          log.warn(about, 'bot message not delivered: the user does not accept messages from the bot');
        else log.error(about, 'bot message not delivered; giving up');
        return 'failed';
      }
      await db
        .update(notifications)
        .set({ nextAttemptAt: later(at, delay), lastError })
        .where(inArray(notifications.id, ids));
      log.warn({ ...about, retryInMs: delay }, 'bot message not sent; will retry');
      return 'retrying';
    }
    if ('skipped' in sent) {
      await db
        .update(notifications)
        .set({ failedAt: sql`now()`, lastError: sent.skipped })
        .where(inArray(notifications.id, ids));
      log.info({ notificationId: row.id, kind: row.kind, why: sent.skipped }, 'bot message not needed');
      return 'skipped';
    }
    await db
      .update(notifications)
      .set({
        sentAt: sql`now()`,
        lastError: null,
        messageId: sent.messageId ?? null,
        ...(sent.text ? { text: sent.text } : {}),
      })
      .where(inArray(notifications.id, ids));
    return 'sent';
  }

  /**
   * One run: takes the rows due and sends them. Times are the database's (one clock for every
   * process); a test passes `now` to act as if it were later, instead of sleeping.
   */
  async function deliverDue(now?: Date): Promise<DeliveryReport> {
    const report: DeliveryReport = { claimed: 0, sent: 0, retrying: 0, failed: 0, skipped: 0 };
    const nowMs = now?.getTime() ?? Date.now();
    const from = sendingAt(nowMs);
    if (from.length === 0) return report;
    const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
    const rows = await claim(at, from);
    const outcomes = await Promise.all(
      rows.map(async (row) => {
        let group: readonly Row[] = [row];
        try {
          group = await gatherGroup(row, at);
          return { rows: group.length, outcome: await deliver(row, group, at, nowMs) };
        } catch (err) {
          // The database failed while gathering the group or recording the outcome: the lease runs
          // out and it is tried again.
          log.error({ err, notificationId: row.id }, 'could not record a bot message outcome');
          return { rows: group.length, outcome: 'retrying' as const };
        }
      }),
    );
    for (const { rows: count, outcome } of outcomes) {
      report.claimed += count;
      report[outcome] += count;
    }
    return report;
  }

  // A run that sent anything is followed by another a second later: a chat with more to say gets
  // its next message then, and a process sends at most a batch a second.
  const runs = repeat('outbox', async () => ({ more: (await deliverDue()).claimed > 0 }), {
    intervalMs,
    moreAfterMs: 1000,
    log,
    sweeps: options.sweeps,
  });

  return {
    deliverDue,
    /** Runs deliverDue every `intervalMs` (a second after a run that sent anything) until stopped. */
    start: runs.start,
    /** Stops the runs and waits for one under way. */
    stop: runs.stop,
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
