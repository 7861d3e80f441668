import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TMessenger } from '#contract/messengers';
import type { Db } from '../../db/client.ts';
import { messengerIdentities, users } from '../../db/schema.ts';
import { MessengerError, type MessengerPort } from '../../domain/messenger.ts';

/** How long an answer from Telegram stands before Telegram is asked again. */
const FRESH_FOR_S = 60;
/** A buyer waits on this answer: past it, the last known membership is good enough. */
const ASK_TIMEOUT_MS = 3000;
/**
 * How old a «member» Telegram gave may be for a payment start to stand on it when Telegram cannot
 * be asked now (a 429, an error, no answer in time). Money is taken only from members: a removal
 * whose chat_member update never came would otherwise be trusted for as long as Telegram fails.
 * Long enough for an open of the app and a press of «Купить» a few minutes later; past it the
 * press is refused as «try again in a minute», which a member loses a minute to and nobody money.
 */
export const TRUSTED_FOR_PAYMENT_S = 10 * 60;

/**
 * In the community chat, not in it, or not known: Telegram has never answered about this user and
 * cannot be asked now (it asked us to wait, or did not answer in time).
 */
export type Membership = 'member' | 'not_member' | 'unknown';

/** What the users row holds of a membership: the columns `stored` reads, and the caller's row. */
export const storedMembership = {
  member: users.isChatMember,
  checked: sql<boolean>`${users.membershipCheckedAt} IS NOT NULL`,
  // The database's clock on both sides: server processes' clocks may differ.
  fresh: sql<boolean>`coalesce(${users.membershipCheckedAt} > now() - make_interval(secs => ${FRESH_FOR_S}), false)`,
  recent: sql<boolean>`coalesce(${users.membershipCheckedAt} > now() - make_interval(secs => ${TRUSTED_FOR_PAYMENT_S}), false)`,
};

export interface StoredMembership {
  member: boolean;
  checked: boolean;
  /** Telegram's answer is young enough to stand without asking again. */
  fresh: boolean;
  /** Telegram's answer is young enough to start a payment on when Telegram cannot be asked now. */
  recent: boolean;
}

/** The first id the app gives people of other messengers (users_internal_id_seq): below it, a user's id is their Telegram id. */
const INTERNAL_IDS_FROM = 2 ** 52;

/** A community chat, and the messenger that says who is in it. */
export interface CommunityChat {
  messenger: Pick<MessengerPort, 'messenger' | 'isMember'>;
  chatId: string;
}

/** A membership, and whether Telegram gave it within TRUSTED_FOR_PAYMENT_S (now, or stored since). */
interface Answer {
  membership: Membership;
  recent: boolean;
}

/**
 * Is a user in the community chat now? Asked of the Bot API (getChatMember); the answer is kept in
 * the users table for a minute, where every server process sees it, and where a chat_member update
 * replaces it at once. Without a bot (the local stand-in) the database's answer is the truth.
 *
 * A burst of first opens (a post in the chat) must not become a storm of getChatMember calls:
 * - the asks about one user that come together share one (in this process);
 * - a 429 from Telegram stops this process asking anyone until its `retry_after` has passed.
 *   Meanwhile each user gets the last known membership, and one Telegram never answered about is
 *   «unknown», not written down, so Telegram is asked again once it allows: the app still opens
 *   (/api/me says `isChatMember: null`; browsing needs no membership), and what needs membership
 *   refuses an unknown one with «try again shortly» (503), not «join the chat» — nobody outside the
 *   chat buys, and no member is told they are not one.
 * A payment start trusts the last known «member» only while it is recent (TRUSTED_FOR_PAYMENT_S):
 * an older one Telegram cannot confirm now is «unknown» to it, and refused the same way.
 */
export function createMembershipService(options: {
  db: Db;
  log: FastifyBaseLogger;
  /** The community chat's messenger; none in the local stand-in, where the database is the truth. */
  messenger?: Pick<MessengerPort, 'isMember'>;
  chatId?: string;
  /**
   * The community's chats in other messengers (MAX's): a member of any of them, or of Telegram's,
   * is a member. Each is asked about the person by the id that messenger knows them by.
   */
  others?: CommunityChat[];
  /** How long to wait for getChatMember before using the last known membership. */
  timeoutMs?: number;
}) {
  const { db, log, timeoutMs = ASK_TIMEOUT_MS } = options;
  const communities: CommunityChat[] = [
    ...(options.messenger && options.chatId
      ? [
          {
            messenger: { messenger: 'telegram' as const, isMember: options.messenger.isMember },
            chatId: options.chatId,
          },
        ]
      : []),
    ...(options.others ?? []),
  ];
  /** Checks under way, by user: a second ask about the same user waits for the first one's answer. */
  const checking = new Map<number, Promise<Answer>>();
  /** A messenger said to wait (429) until this time (ms): nobody is asked of it before then. */
  const quietUntil = new Map<TMessenger, number>();

  async function stored(userId: number): Promise<StoredMembership> {
    const [row] = await db.select(storedMembership).from(users).where(eq(users.id, userId));
    return row ?? { member: false, fresh: false, recent: false, checked: false };
  }

  /** Records a membership learned from Telegram (a getChatMember answer or a chat_member update). */
  async function record(userId: number, member: boolean): Promise<void> {
    await db
      .update(users)
      .set({ isChatMember: member, membershipCheckedAt: sql`now()` })
      .where(eq(users.id, userId));
  }

  /** Telegram's 429: not asked again before `retry_after`; said once per quiet time in the log. */
  function holdOff(messenger: TMessenger, retryAfterS: number) {
    const until = Date.now() + retryAfterS * 1000;
    const quiet = quietUntil.get(messenger) ?? 0;
    if (until <= quiet) return;
    if (quiet < Date.now()) {
      log.warn(
        { retryAfterS, messenger },
        'The messenger limits membership checks; not asked again until retry_after has passed, the last known membership used meanwhile',
      );
    }
    quietUntil.set(messenger, until);
  }

  /**
   * The ids each messenger knows the person by. A user below INTERNAL_IDS_FROM is a Telegram user
   * under their Telegram id: with Telegram's chat alone, nothing is read.
   */
  async function idsOf(userId: number): Promise<Map<TMessenger, number[]>> {
    const telegramOnly = communities.every((community) => community.messenger.messenger === 'telegram');
    if (telegramOnly && userId < INTERNAL_IDS_FROM) return new Map([['telegram', [userId]]]);
    const rows = await db
      .select({ messenger: messengerIdentities.messenger, externalId: messengerIdentities.externalId })
      .from(messengerIdentities)
      .where(eq(messengerIdentities.userId, userId));
    const ids = new Map<TMessenger, number[]>();
    for (const row of rows)
      ids.set(row.messenger, [...(ids.get(row.messenger) ?? []), Number(row.externalId)]);
    return ids;
  }

  /** One community chat's answer about the person: in it, not, or not known now (asked to wait, failed, slow). */
  async function askOne(community: CommunityChat, externalIds: number[], userId: number) {
    const { messenger } = community.messenger;
    if (Date.now() < (quietUntil.get(messenger) ?? 0)) return 'unknown';
    try {
      for (const externalId of externalIds) {
        if (await community.messenger.isMember(community.chatId, externalId, AbortSignal.timeout(timeoutMs)))
          return 'member';
      }
      return 'not_member';
    } catch (error) {
      if (error instanceof MessengerError && error.reason === 'flood') {
        // An adapter names the wait with every flood; none named would mean none.
        holdOff(messenger, error.retryAfterS ?? 0);
        return 'unknown';
      }
      log.warn(
        { err: error, userId, messenger },
        'A membership check failed or was too slow; using the last known membership',
      );
      return 'unknown';
    }
  }

  async function check(userId: number, given?: StoredMembership): Promise<Answer> {
    // A row read a moment ago stands when Telegram is not to be asked; before Telegram is, the row
    // is read again here, in the check the asks about one user share: another request's check may
    // have just recorded Telegram's answer.
    const known = given && (given.fresh || communities.length === 0) ? given : await stored(userId);
    const asKnown: Membership = known.member ? 'member' : 'not_member';
    // What is known when Telegram cannot be asked now: nothing, for someone it never answered about.
    const lastKnown = (): Answer => ({
      membership: known.checked ? asKnown : 'unknown',
      recent: known.recent,
    });
    // Without a bot (the local stand-in) the database is the truth, however old.
    if (communities.length === 0 || known.fresh) return { membership: asKnown, recent: true };
    const ids = await idsOf(userId);
    // Each chat in turn, stopping at the first that has them: a member of one is a member.
    let unknown = false;
    let asked = false;
    for (const community of communities) {
      const externalIds = ids.get(community.messenger.messenger) ?? [];
      if (externalIds.length === 0) continue;
      asked = true;
      const answer = await askOne(community, externalIds, userId);
      if (answer === 'member') {
        await record(userId, true);
        return { membership: 'member', recent: true };
      }
      if (answer === 'unknown') unknown = true;
    }
    // In no messenger with a community chat here (the stand-in's Telegram, say): the database is the truth.
    if (!asked) return { membership: asKnown, recent: true };
    // A «no» stands only when every chat they could be in said it.
    if (unknown) return lastKnown();
    await record(userId, false);
    return { membership: 'not_member', recent: true };
  }

  /** The asks about one user that come together share one answer. */
  function answerOf(userId: number, known?: StoredMembership): Promise<Answer> {
    const under = checking.get(userId);
    if (under) return under;
    const answer = check(userId, known);
    checking.set(userId, answer);
    const forget = () => {
      if (checking.get(userId) === answer) checking.delete(userId);
    };
    answer.then(forget, forget);
    return answer;
  }

  /**
   * The user's membership now. `known`: the user's row as read a moment ago (users/caller-row.ts),
   * to spare reading it again.
   */
  const membershipOf = async (userId: number, known?: StoredMembership): Promise<Membership> =>
    (await answerOf(userId, known)).membership;

  /**
   * The membership a payment stands on: a «member» Telegram cannot confirm now and last confirmed
   * over TRUSTED_FOR_PAYMENT_S ago is «unknown» — they may have left without the bot hearing of it.
   */
  async function payingMembershipOf(userId: number): Promise<Membership> {
    const { membership, recent } = await answerOf(userId);
    return membership === 'member' && !recent ? 'unknown' : membership;
  }

  /** A member, as far as anyone knows: «unknown» is not one. */
  const isChatMember = async (userId: number) => (await membershipOf(userId)) === 'member';

  return { isChatMember, membershipOf, payingMembershipOf, record };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
