import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { type TUndeliveredMessage, UNDELIVERED_LIST_LIMIT } from '#contract/notifications';
import type { Db } from '../../db/client.ts';
import { notifications, users } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { personOfChat } from '../../messenger/people.ts';
import { recordAudit, subjectOf } from '../audit/audit-log.ts';
import { displayName } from '../users/display-name.ts';
import { type NotificationRefusal, undeliveredTexts } from './texts.ts';

/** The bot messages given up (Telegram refused them, or answered nothing for a day), for admins to see and send again. */
export function createUndeliveredMessages(db: Db) {
  async function list(): Promise<TUndeliveredMessage[]> {
    const rows = await db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        chatId: notifications.chatId,
        text: notifications.text,
        undelivered: notifications.undelivered,
        lastError: notifications.lastError,
        createdAt: notifications.createdAt,
        failedAt: notifications.failedAt,
        username: users.username,
        firstName: users.firstName,
      })
      .from(notifications)
      .leftJoin(users, eq(users.id, personOfChat(notifications.messenger, notifications.chatId)))
      .where(isNotNull(notifications.undelivered))
      .orderBy(desc(notifications.failedAt), desc(notifications.id))
      .limit(UNDELIVERED_LIST_LIMIT);
    return rows.map((row) => ({
      id: row.id,
      recipient:
        row.username || row.firstName?.trim()
          ? displayName({ username: row.username, firstName: row.firstName ?? '' })
          : String(row.chatId),
      text:
        row.kind === 'COUPON_QR'
          ? undeliveredTexts.qrPhoto
          : row.kind === 'COUPON_QR_CAPTION'
            ? undeliveredTexts.qrCaption
            : row.text,
      reason: row.undelivered === 'REFUSED' ? 'refused' : 'unanswered',
      error: row.lastError,
      createdAt: row.createdAt.toISOString(),
      failedAt: (row.failedAt ?? row.createdAt).toISOString(),
    }));
  }

  /**
   * Puts a given-up message back in the outbox, due now, with a fresh day of trying. Idempotent: a
   * message already back (waiting or sent since) is left as it is. Only a message that never was
   * given up (nothing to send) or does not exist is refused.
   */
  async function resend(id: number, adminId: number): Promise<void> {
    const back = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(notifications)
        .set({
          failedAt: null,
          undelivered: null,
          lastError: null,
          attempts: 0,
          nextAttemptAt: sql`now()`,
          resentAt: sql`now()`,
        })
        .where(and(eq(notifications.id, id), isNotNull(notifications.undelivered)))
        .returning({ id: notifications.id, chatId: notifications.chatId, kind: notifications.kind });
      if (row) {
        await recordAudit(tx, {
          kind: 'notification.resent',
          actorId: adminId,
          subject: subjectOf.notification(row.id),
          details: { chatId: row.chatId, kind: row.kind },
        });
      }
      return row;
    });
    if (back) return;
    const [row] = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.id, id),
          sql`${notifications.failedAt} IS NULL AND ${notifications.resentAt} IS NOT NULL`,
        ),
      );
    if (!row) throw new DomainError<NotificationRefusal>('undelivered_message_not_found');
  }

  return { list, resend };
}

export type UndeliveredMessages = ReturnType<typeof createUndeliveredMessages>;
