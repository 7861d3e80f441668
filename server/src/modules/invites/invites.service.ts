import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { InviteErrorCode, type TInviteStatsRow, type TMyInvite } from '#contract/invites';
import { INVITE_START_PARAM_PREFIX } from '#contract/start-params';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { payments, users } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { displayName } from '../users/display-name.ts';
import { type InviteRefusal, inviteTexts } from './texts.ts';

/** Only someone first seen this recently can have come through a link: older users came before it. */
const NEW_USER_HOURS = 24;

/**
 * Invitations into the community and the app: a member's own `t.me/<bot>?startapp=ref_<code>` link,
 * and who came through it. Attribution only: whether it earns anything is the operator's decision.
 */
export function createInviteService(options: {
  db: Db;
  /** The bot's username, which names the app's link (the local stand-in's bot has one too). */
  botUsername: () => Promise<string>;
  communityChatLink: string;
}) {
  const { db, botUsername, communityChatLink } = options;

  async function codeOf(userId: number): Promise<string> {
    for (let attempt = 0; ; attempt += 1) {
      const [row] = await db.select({ code: users.inviteCode }).from(users).where(eq(users.id, userId));
      if (row?.code) return row.code;
      try {
        await db
          .update(users)
          .set({ inviteCode: randomBytes(6).toString('base64url') })
          .where(and(eq(users.id, userId), isNull(users.inviteCode)));
      } catch (error) {
        // Another person's code drawn by chance (2⁴⁸ of them): draw again.
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
  }

  /** The caller's invitation: the app's link with their code, and Telegram's share link for it. */
  async function myInvite(userId: number): Promise<TMyInvite> {
    let bot: string;
    try {
      bot = await botUsername();
    } catch {
      throw new DomainError<InviteRefusal>(InviteErrorCode.inviteUnavailable);
    }
    const appLink = `https://t.me/${bot}?startapp=${INVITE_START_PARAM_PREFIX}${await codeOf(userId)}`;
    const shareUrl = `https://t.me/share/url?${new URLSearchParams({ url: appLink, text: inviteTexts.share(communityChatLink) })}`;
    return { appLink, shareUrl };
  }

  /**
   * The app opened with `startParam` (from the signed init data): a person new to the app, who has
   * paid for nothing yet, came through that member's link. Set once; nobody invites themselves.
   */
  async function recordArrival(userId: number, startParam: string | undefined): Promise<void> {
    if (!startParam?.startsWith(INVITE_START_PARAM_PREFIX)) return;
    const code = startParam.slice(INVITE_START_PARAM_PREFIX.length);
    const [inviter] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.inviteCode, code), ne(users.id, userId)));
    if (!inviter) return;
    await db
      .update(users)
      .set({ invitedBy: inviter.id, invitedAt: sql`now()` })
      .where(
        and(
          eq(users.id, userId),
          isNull(users.invitedBy),
          sql`${users.createdAt} > now() - make_interval(hours => ${NEW_USER_HOURS})`,
          sql`NOT EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.userId} = ${userId})`,
        ),
      );
  }

  /** Per member whose link brought someone: how many came, and how many of them bought a coupon. */
  async function stats(): Promise<TInviteStatsRow[]> {
    const invitees = alias(users, 'invitees');
    const bought = sql<number>`count(*) FILTER (WHERE EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.userId} = ${invitees.id} AND ${payments.status} = 'SUCCEEDED'))`;
    const rows = await db
      .select({
        username: users.username,
        firstName: users.firstName,
        came: count(),
        bought: bought.mapWith(Number),
      })
      .from(invitees)
      .innerJoin(users, eq(users.id, invitees.invitedBy))
      .groupBy(users.id, users.username, users.firstName)
      .orderBy(desc(count()), desc(bought));
    return rows.map((row) => ({ inviter: displayName(row), came: row.came, bought: row.bought }));
  }

  return { myInvite, recordArrival, stats };
}

export type InviteService = ReturnType<typeof createInviteService>;
