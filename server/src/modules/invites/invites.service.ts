import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { InviteErrorCode, type TInvitee, type TInviteStatsRow, type TMyInvite } from '#contract/invites';
import { INVITE_START_PARAM_PREFIX } from '#contract/start-params';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { payments, users } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import type { Messengers } from '../../domain/messenger.ts';
import { reachOf } from '../../messenger/people.ts';
import { displayName } from '../users/display-name.ts';
import { type InviteRefusal, inviteTexts } from './texts.ts';

/** Only someone first seen this recently can have come through a link: older users came before it. */
const NEW_USER_HOURS = 24;
/** How far up an inviter's line a circle is looked for: farther than any real chain of invitations. */
const MAX_LINE = 64;

/**
 * Invitations into the community and the app: a member's own link into the app in their messenger
 * (Telegram's `t.me/<bot>?startapp=ref_<code>`),
 * and who came through it. Attribution only: whether it earns anything is the operator's decision.
 */
export function createInviteService(options: {
  db: Db;
  /** Each messenger's adapter, which says the app's link in it (the local stand-in's Telegram too). */
  messengers: Messengers;
  communityChatLink: string;
}) {
  const { db, messengers, communityChatLink } = options;

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

  /**
   * The caller's invitation: the app's link with their code in their messenger, the words to share
   * with it, and the messenger's share link for both (where it has none, the app shares them itself).
   */
  async function myInvite(userId: number): Promise<TMyInvite> {
    const messenger = (await reachOf(db, [userId])).get(userId)?.messenger;
    const port = messenger && messengers[messenger];
    if (!port) throw new DomainError<InviteRefusal>(InviteErrorCode.inviteUnavailable);
    const startParam = `${INVITE_START_PARAM_PREFIX}${await codeOf(userId)}`;
    let appLink: string;
    try {
      appLink = await port.appLink(startParam);
    } catch {
      throw new DomainError<InviteRefusal>(InviteErrorCode.inviteUnavailable);
    }
    const text = inviteTexts.share(communityChatLink);
    return { appLink, text, shareUrl: port.shareLink?.(appLink, text) ?? null };
  }

  /**
   * The app opened with `startParam` (from the signed init data): a person new to the app, who has
   * paid for nothing yet, came through that member's link. Said once (`invited_at`, which stays
   * when an erased inviter's name goes), so nobody's second link takes a person over; nobody
   * invites themselves, nor whoever brought them, nor anyone up their line: two new accounts cannot
   * each be credited with the other.
   */
  async function recordArrival(userId: number, startParam: string | undefined): Promise<void> {
    if (!startParam?.startsWith(INVITE_START_PARAM_PREFIX)) return;
    const code = startParam.slice(INVITE_START_PARAM_PREFIX.length);
    const [inviter] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.inviteCode, code), ne(users.id, userId)));
    if (!inviter) return;
    // The inviter's line upwards (who brought them, who brought that one…), bounded: a link from
    // anyone on it would close a circle.
    const upTheLine = sql`
      WITH RECURSIVE line(id, depth) AS (
        SELECT ${users.invitedBy}, 1 FROM ${users} WHERE ${users.id} = ${inviter.id}
        UNION ALL
        SELECT u.invited_by, line.depth + 1 FROM ${users} u JOIN line ON u.id = line.id
         WHERE line.depth < ${MAX_LINE}
      )
      SELECT 1 FROM line WHERE line.id = ${userId}`;
    await db
      .update(users)
      .set({ invitedBy: inviter.id, invitedAt: sql`now()` })
      .where(
        and(
          eq(users.id, userId),
          isNull(users.invitedBy),
          isNull(users.invitedAt),
          sql`NOT EXISTS (${upTheLine})`,
          sql`${users.createdAt} > now() - make_interval(hours => ${NEW_USER_HOURS})`,
          sql`NOT EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.userId} = ${userId})`,
        ),
      );
  }

  /**
   * Who invited the caller, told to them as they arrive: recorded first (the app's first request may
   * not have run yet), then named when the link they opened is the one of the member credited with
   * them; null for no link, another member's link, or an arrival not credited (see recordArrival).
   */
  async function inviterOnArrival(userId: number, startParam: string | undefined): Promise<string | null> {
    if (!startParam?.startsWith(INVITE_START_PARAM_PREFIX)) return null;
    await recordArrival(userId, startParam);
    const inviters = alias(users, 'inviters');
    const [inviter] = await db
      .select({ username: inviters.username, firstName: inviters.firstName })
      .from(users)
      .innerJoin(inviters, eq(inviters.id, users.invitedBy))
      .where(
        and(
          eq(users.id, userId),
          eq(inviters.inviteCode, startParam.slice(INVITE_START_PARAM_PREFIX.length)),
        ),
      );
    if (!inviter) return null;
    // A friend knows the inviter by their name first, and the username tells two Аннas apart.
    const { username, firstName } = inviter;
    if (firstName && username) return `${firstName} (@${username})`;
    return firstName || (username ? `@${username}` : null);
  }

  /**
   * Per member whose link someone opened: how many came, and how many of them bought a coupon, and
   * who opened it. Someone who opened the link counts as come once they are in the community chat (a
   * buyer was, to buy), and as a buyer once a payment of theirs succeeded; the rest are listed too,
   * so an admin sees a link in use before anyone through it has joined.
   */
  async function stats(): Promise<TInviteStatsRow[]> {
    const invitees = alias(users, 'invitees');
    const paid = sql`EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.userId} = ${invitees.id} AND ${payments.status} = 'SUCCEEDED')`;
    const counted = sql`(coalesce(${invitees.isChatMember}, false) OR ${paid})`;
    const came = sql<number>`count(*) FILTER (WHERE ${counted})`;
    const bought = sql<number>`count(*) FILTER (WHERE ${paid})`;
    const [rows, people] = await Promise.all([
      db
        .select({
          id: users.id,
          username: users.username,
          firstName: users.firstName,
          came: came.mapWith(Number),
          bought: bought.mapWith(Number),
        })
        .from(invitees)
        .innerJoin(users, eq(users.id, invitees.invitedBy))
        .groupBy(users.id, users.username, users.firstName)
        .orderBy(desc(came), desc(bought), desc(count())),
      db
        .select({
          inviterId: invitees.invitedBy,
          username: invitees.username,
          firstName: invitees.firstName,
          invitedAt: sql<string>`to_char(${invitees.invitedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
          came: sql<boolean>`${counted}`,
          bought: sql<boolean>`${paid}`,
        })
        .from(invitees)
        .where(isNotNull(invitees.invitedBy))
        .orderBy(desc(invitees.invitedAt), desc(invitees.id)),
    ]);
    const byInviter = new Map<number, TInvitee[]>();
    for (const person of people) {
      if (person.inviterId === null) continue;
      const list = byInviter.get(person.inviterId) ?? [];
      const { invitedAt, came, bought } = person;
      list.push({ name: displayName(person), invitedAt, came, bought });
      byInviter.set(person.inviterId, list);
    }
    return rows.map((row) => ({
      inviter: displayName(row),
      came: row.came,
      bought: row.bought,
      invitees: byInviter.get(row.id) ?? [],
    }));
  }

  return { myInvite, recordArrival, inviterOnArrival, stats };
}

export type InviteService = ReturnType<typeof createInviteService>;
