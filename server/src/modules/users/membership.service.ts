import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Api, GrammyError } from 'grammy';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { abortAfter } from '../../telegram/bot-api.ts';

const CACHE_TTL_MS = 60_000;
/** A buyer waits on this answer: past it, the last known membership is good enough. */
const ASK_TIMEOUT_MS = 3000;

/** Statuses Telegram gives a chat member who is in the chat now. */
export function isMemberStatus(member: { status: string; is_member?: boolean }): boolean {
  return (
    member.status === 'creator' ||
    member.status === 'administrator' ||
    member.status === 'member' ||
    (member.status === 'restricted' && member.is_member === true)
  );
}

/**
 * Is a user in the community chat now? Asked of the Bot API (getChatMember) and cached briefly;
 * without a bot (the local stand-in) the database's answer is the truth.
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
  const cache = new Map<number, { member: boolean; at: number }>();

  async function stored(userId: number): Promise<boolean> {
    const [row] = await db.select({ member: users.isChatMember }).from(users).where(eq(users.id, userId));
    return row?.member ?? false;
  }

  /** Records a membership learned from Telegram (a getChatMember answer or a chat_member update). */
  async function record(userId: number, member: boolean): Promise<void> {
    cache.set(userId, { member, at: Date.now() });
    await db
      .update(users)
      .set({ isChatMember: member, membershipCheckedAt: sql`now()` })
      .where(eq(users.id, userId));
  }

  async function isChatMember(userId: number): Promise<boolean> {
    if (!botApi || !chatId) return stored(userId);
    const cached = cache.get(userId);
    if (cached && Date.now() - cached.at < CACHE_TTL_MS) return cached.member;
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
      return stored(userId);
    }
  }

  return { isChatMember, record };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
