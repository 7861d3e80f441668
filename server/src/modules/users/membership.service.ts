import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Api, GrammyError } from 'grammy';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { abortAfter } from '../../telegram/bot-api.ts';
import { isMemberStatus } from '../../telegram/member-status.ts';

/** How long an answer from Telegram stands before Telegram is asked again. */
const FRESH_FOR_S = 60;
/** A buyer waits on this answer: past it, the last known membership is good enough. */
const ASK_TIMEOUT_MS = 3000;

/**
 * Is a user in the community chat now? Asked of the Bot API (getChatMember); the answer is kept in
 * the users table for a minute, where every server process sees it, and where a chat_member update
 * replaces it at once. Without a bot (the local stand-in) the database's answer is the truth.
 */
export function createMembershipService(options: {
  db: Db;
  log: FastifyBaseLogger;
  botApi?: Api;
  chatId?: string;
  /** How long to wait for getChatMember before using the last known membership. */
  timeoutMs?: number;
}) {
  const { db, log, botApi, chatId, timeoutMs = ASK_TIMEOUT_MS } = options;
  async function stored(userId: number) {
    const [row] = await db
      .select({
        member: users.isChatMember,
        // The database's clock on both sides: server processes' clocks may differ.
        fresh: sql<boolean>`coalesce(${users.membershipCheckedAt} > now() - make_interval(secs => ${FRESH_FOR_S}), false)`,
      })
      .from(users)
      .where(eq(users.id, userId));
    return { member: row?.member ?? false, fresh: row?.fresh ?? false };
  }

  /** Records a membership learned from Telegram (a getChatMember answer or a chat_member update). */
  async function record(userId: number, member: boolean): Promise<void> {
    await db
      .update(users)
      .set({ isChatMember: member, membershipCheckedAt: sql`now()` })
      .where(eq(users.id, userId));
  }

  async function isChatMember(userId: number): Promise<boolean> {
    const known = await stored(userId);
    if (!botApi || !chatId || known.fresh) return known.member;
    try {
      const member = isMemberStatus(await botApi.getChatMember(chatId, userId, abortAfter(timeoutMs)));
      await record(userId, member);
      return member;
    } catch (error) {
      if (error instanceof GrammyError && error.error_code === 400) {
        // "user not found" / "PARTICIPANT_ID_INVALID": never was in the chat.
        await record(userId, false);
        return false;
      }
      log.warn(
        { err: error, userId },
        'getChatMember failed or was too slow; using the last known membership',
      );
      return known.member;
    }
  }

  return { isChatMember, record };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
