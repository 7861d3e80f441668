import { and, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { TMessengerAccount } from '#contract/linking';
import type { TMessenger } from '#contract/messengers';
import type { Db } from '../db/client.ts';
import { messengerIdentities, users } from '../db/schema.ts';
import type { MessengerSender } from '../domain/messenger.ts';

/**
 * Where the app reaches a person: the messenger they came from, and their chat with its bot, by
 * the id that messenger knows them by (a private chat's id is its person's in Telegram; MAX's
 * adapter writes to a user by theirs).
 */
export interface Reach {
  messenger: TMessenger;
  chatId: number;
}

/**
 * Each of `userIds` the app can reach, by their messenger's identity (`messenger_identities`). An
 * id without a person is an admin ADMIN_USERNAMES names by their Telegram id before they opened
 * the app: Telegram's chat of that id.
 */
export async function reachOf(db: Db, userIds: readonly number[]): Promise<Map<number, Reach>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: users.id, messenger: users.messenger, externalId: messengerIdentities.externalId })
    .from(users)
    .leftJoin(
      messengerIdentities,
      and(eq(messengerIdentities.userId, users.id), eq(messengerIdentities.messenger, users.messenger)),
    )
    .where(inArray(users.id, [...userIds]));
  const reach = new Map<number, Reach>(userIds.map((id) => [id, { messenger: 'telegram', chatId: id }]));
  for (const row of rows) {
    if (row.externalId === null) reach.delete(row.userId);
    else reach.set(row.userId, { messenger: row.messenger, chatId: Number(row.externalId) });
  }
  return reach;
}

/** The person `from` is to the app; undefined for someone who never opened it. */
export async function personOf(db: Db, from: MessengerSender): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: messengerIdentities.userId })
    .from(messengerIdentities)
    .where(
      and(
        eq(messengerIdentities.messenger, from.messenger),
        eq(messengerIdentities.externalId, from.externalId),
      ),
    );
  return row?.userId;
}

/** In SQL, the person whose chat with the bot `chatId` is in `messenger` (a bot message's addressee). */
export const personOfChat = (messenger: SQLWrapper, chatId: SQLWrapper): SQL =>
  sql`(SELECT ${messengerIdentities.userId} FROM ${messengerIdentities}
    WHERE ${messengerIdentities.messenger} = ${messenger} AND ${messengerIdentities.externalId} = (${chatId})::text)`;

/**
 * Each person's accounts, with the username each messenger knows them by: the users row's for the
 * messenger they came from, the identity's for one linked to them (modules/linking).
 */
export async function accountsOfPeople(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, TMessengerAccount[]>> {
  const accounts = new Map<number, TMessengerAccount[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return accounts;
  const rows = await db
    .select({
      userId: messengerIdentities.userId,
      messenger: messengerIdentities.messenger,
      username: sql<string | null>`CASE WHEN ${messengerIdentities.messenger} = ${users.messenger}
        THEN ${users.username} ELSE ${messengerIdentities.username} END`,
    })
    .from(messengerIdentities)
    .innerJoin(users, eq(users.id, messengerIdentities.userId))
    .where(inArray(messengerIdentities.userId, [...userIds]))
    .orderBy(messengerIdentities.userId, messengerIdentities.createdAt);
  for (const { userId, messenger, username } of rows) accounts.get(userId)?.push({ messenger, username });
  return accounts;
}
