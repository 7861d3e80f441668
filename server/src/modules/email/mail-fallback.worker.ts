import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { notificationMails, notifications, users } from '../../db/schema.ts';
import { MESSENGER_NAMES } from '../../domain/messenger.ts';
import { repeat } from '../../jobs/repeat.ts';
import { personOfChat } from '../../messenger/people.ts';
import type { QrPhotos } from '../notifications/qr-photos.ts';
import { couponOfToken } from '../purchased-coupons/token-coupon.ts';
import { emailState } from './addresses.service.ts';
import type { MailLinks } from './mail-links.ts';
import { isMailedKind, MAIL_AFTER_MS, MAIL_WITHIN_MS, MAILED_KINDS } from './mailed-kinds.ts';
import type { Mail, Mailer } from './mailer.ts';
import { mailTexts } from './texts.ts';

type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface MailReport {
  claimed: number;
  sent: number;
  retrying: number;
  /** Not mailed after all: the bot got there first, the address was stopped, the QR died, tries ran out. */
  dropped: number;
}

/** The QR's file name and Content-ID in the mail (the bot's photo is kupon-qr.png too). */
const QR_IMAGE = { cid: 'kupon-qr@katajsya', fileName: 'kupon-qr.png' };
const BATCH = 20;
const LEASE_MS = 2 * 60_000;
const BASE_RETRY_MS = 30_000;
const MAX_RETRY_MS = 10 * 60_000;
/** About a day of tries at the longest wait. */
const MAX_ATTEMPTS = 150;

/**
 * The e-mail behind the bot: a bot message of a kind a buyer needs (MAILED_KINDS), not delivered
 * 15 minutes after it was written (the messenger down, refusing, or the buyer never started the bot,
 * or no bot of their messenger here),
 * is mailed to its addressee's confirmed address — its own words, the QR as the same PNG the bot
 * sends, the app's link and the stop link.
 *
 * Once per message, whichever process runs it: a message is claimed by inserting its row into
 * `notification_mails` (its primary key is the message's id) in the statement that picks it, the
 * message locked with SKIP LOCKED; the row is leased while the mail goes, and a process dying
 * mid-send leaves it to another once the lease runs out. A message the bot delivered first is not
 * mailed; the bot still delivers one mailed when Telegram is back, as the chat is the record and
 * its QR photo is kept there.
 */
export function createMailFallback(options: {
  db: Db;
  mailer: Mailer;
  links: MailLinks;
  qrPhotos: Pick<QrPhotos, 'photo'>;
  log: Logger;
  intervalMs?: number;
}) {
  const { db, mailer, links, qrPhotos, log } = options;
  const later = (at: SQL, ms: number) => sql`${at} + make_interval(secs => ${ms / 1000})`;
  const kinds = sql.join(
    MAILED_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  );

  /** Messages newly due for a mail, claimed by their rows; and claims whose lease ran out unsent. */
  async function claim(at: SQL): Promise<number[]> {
    const fresh = await db.execute(sql`
      WITH due AS (
        SELECT n.id, u.email
        FROM ${notifications} n JOIN ${users} u ON u.id = ${personOfChat(sql`n.messenger`, sql`n.chat_id`)}
        WHERE n.kind::text IN (${kinds})
          AND n.purpose = 'service'
          AND n.sent_at IS NULL
          -- Given up as refused (blocked, never started) or unanswered; not one with nothing to send.
          AND (n.failed_at IS NULL OR n.undelivered IS NOT NULL)
          AND n.created_at <= ${later(at, -MAIL_AFTER_MS)}
          AND n.created_at > ${later(at, -MAIL_WITHIN_MS)}
          AND u.email IS NOT NULL AND u.email = u.email_confirmed AND u.email_stopped_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM ${notificationMails} m WHERE m.notification_id = n.id)
        ORDER BY n.id
        LIMIT ${BATCH}
        FOR UPDATE OF n SKIP LOCKED
      )
      INSERT INTO ${notificationMails} (notification_id, address, lease_until)
      SELECT id, email, ${later(at, LEASE_MS)} FROM due
      ON CONFLICT (notification_id) DO NOTHING
      RETURNING notification_id`);
    const expired = await db.execute(sql`
      UPDATE ${notificationMails} SET lease_until = ${later(at, LEASE_MS)}, attempts = attempts + 1
      WHERE notification_id IN (
        SELECT notification_id FROM ${notificationMails}
        WHERE sent_at IS NULL AND failed_at IS NULL AND lease_until <= ${at}
        ORDER BY notification_id LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED)
      RETURNING notification_id`);
    return [fresh, expired].flatMap((result) =>
      (result as unknown as { rows: { notification_id: string | number }[] }).rows.map((row) =>
        Number(row.notification_id),
      ),
    );
  }

  /** The mail of a message, or why there is none to send now. */
  async function mailOf(id: number): Promise<Mail | { drop: string }> {
    const [row] = await db
      .select({ message: notifications, user: users })
      .from(notifications)
      .innerJoin(users, eq(users.id, personOfChat(notifications.messenger, notifications.chatId)))
      .where(eq(notifications.id, id));
    if (!row) return { drop: 'the message is gone' };
    const { message, user } = row;
    if (message.sentAt) return { drop: 'the bot delivered it first' };
    if (!user.email || emailState(user) !== 'confirmed' || !isMailedKind(message.kind))
      return { drop: 'the address is no longer confirmed' };
    let text = message.text;
    let couponId: string | undefined;
    let png: Buffer | undefined;
    if (message.kind === 'COUPON_QR') {
      const photo = await qrPhotos.photo(message.eventKey, user.id);
      const found = photo && (await couponOfToken(db, message.eventKey));
      if (!photo || !found) return { drop: 'the QR stopped working before it was mailed' };
      ({ caption: text, png } = photo);
      couponId = found.coupon.id;
    } else if (message.kind === 'PURCHASE_CONFIRMED') {
      couponId = message.eventKey;
    }
    const stopUrl = links.stopUrl(user.id);
    const body = mailTexts.message({
      text,
      messenger: MESSENGER_NAMES[message.messenger],
      appUrl: await links.appUrl(message.messenger, couponId),
      stopUrl,
      qrCid: png ? QR_IMAGE.cid : undefined,
    });
    return {
      to: user.email,
      subject: mailTexts.subject(message.kind),
      ...body,
      stopUrl,
      ...(png ? { image: { ...QR_IMAGE, png } } : {}),
    };
  }

  async function deliver(id: number, at: SQL): Promise<Exclude<keyof MailReport, 'claimed'>> {
    const finish = (set: { sentAt?: SQL; failedAt?: SQL; leaseUntil?: SQL; lastError: string | null }) =>
      db.update(notificationMails).set(set).where(eq(notificationMails.notificationId, id));
    let mail: Mail | { drop: string };
    try {
      mail = await mailOf(id);
      if ('drop' in mail) {
        await finish({ failedAt: sql`now()`, lastError: mail.drop });
        log.info({ notificationId: id, why: mail.drop }, 'bot message not mailed');
        return 'dropped';
      }
      await mailer.send(mail);
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const [claimRow] = await db
        .select({ attempts: notificationMails.attempts })
        .from(notificationMails)
        .where(eq(notificationMails.notificationId, id));
      const attempts = claimRow?.attempts ?? MAX_ATTEMPTS;
      if (attempts >= MAX_ATTEMPTS) {
        await finish({ failedAt: sql`now()`, lastError });
        log.error({ err: error, notificationId: id }, 'bot message not mailed; giving up');
        return 'dropped';
      }
      const delay = Math.min(BASE_RETRY_MS * 2 ** Math.min(attempts - 1, 20), MAX_RETRY_MS);
      await finish({ leaseUntil: later(at, delay), lastError });
      log.warn({ err: error, notificationId: id, retryInMs: delay }, 'bot message not mailed; will retry');
      return 'retrying';
    }
    await finish({ sentAt: sql`now()`, lastError: null });
    log.info({ notificationId: id }, 'bot message mailed');
    return 'sent';
  }

  /** One run; a test passes `now` to act as if it were later, instead of waiting. */
  async function deliverDue(now?: Date): Promise<MailReport> {
    const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
    const ids = await claim(at);
    const report: MailReport = { claimed: ids.length, sent: 0, retrying: 0, dropped: 0 };
    for (const id of ids) {
      const outcome = await deliver(id, at).catch((err: unknown) => {
        // The database failed recording it: the lease runs out and it is tried again.
        log.error({ err, notificationId: id }, 'could not record a mailed bot message');
        return 'retrying' as const;
      });
      report[outcome] += 1;
    }
    return report;
  }

  const runs = repeat('mail fallback', async () => ({ more: (await deliverDue()).claimed > 0 }), {
    intervalMs: options.intervalMs ?? 30_000,
    moreAfterMs: 1000,
    log,
  });

  return {
    deliverDue,
    start() {
      links.warmUp();
      runs.start();
    },
    stop: runs.stop,
  };
}

export type MailFallback = ReturnType<typeof createMailFallback>;
