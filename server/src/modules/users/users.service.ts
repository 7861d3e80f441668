import { and, eq, inArray, isNull, ne, or, type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import { dayIn } from '#contract/date-time';
import type { TMessenger } from '#contract/messengers';
import type { TRole } from '#contract/session';
import { DEFAULT_REPORT_TIME_ZONE } from '#contract/time-zone';
import { usernameOf } from '#contract/usernames';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  adminBindings,
  appOpens,
  messengerIdentities,
  partnerStaff,
  partners,
  purchasedCoupons,
  users,
} from '../../db/schema.ts';
import type { TelegramUser } from '../../telegram/init-data.ts';
import { isInStateNow } from '../purchased-coupons/visible-state.ts';
import type { CallerRow } from './caller-row.ts';

/**
 * A person as their messenger shows them, under the app's id of them: a Telegram user's is their
 * Telegram id; another messenger's person gets theirs from `userIdOf`. Telegram when unsaid.
 */
export type Profile = TelegramUser & { messenger?: TMessenger };

/** How usernames are compared and looked up: the one rule of usernames.ts, in lower case. */
export const normalizeUsername = (username: string) => usernameOf(username).toLowerCase();

const SEEN_TTL_MS = 10 * 60 * 1000;
/**
 * How long a role once resolved stands in this process. A change made here (a username bound, a
 * partner added, staff named) is seen at once; one made by another process within this time.
 */
const ROLE_TTL_MS = 10_000;
const MAX_ROLES = 10_000;
/**
 * How long this process believes which person a messenger's account is: one linked or unlinked here
 * is seen at once, by another process within this time.
 */
const IDENTITY_TTL_MS = 10_000;
/** More accounts than this believed at once: the belief is dropped and read again. */
const MAX_IDENTITIES = 10_000;

export function createUserService(
  db: Db,
  adminUsernames: readonly string[],
  timeZone: string = DEFAULT_REPORT_TIME_ZONE,
) {
  const configuredIds = adminUsernames.filter((name) => /^\d+$/.test(name)).map(Number);
  const configuredNames = adminUsernames.filter((name) => !/^\d+$/.test(name));
  /** Users written recently, with the attributes written (`seenLately`). */
  const seen = new Map<number, { key: string; at: number }>();
  /** The day each user's opening of the app was last recorded on: one write a person a day. */
  const openedOn = new Map<number, string>();
  /** Roles resolved lately: every guarded request asks, a list polled every 3 s among them. */
  const roles = new Map<number, { role: Promise<TRole>; at: number }>();

  /** Roles may have changed (a partner's spokesman, staff, an admin bound): resolve them afresh. */
  function forgetRoles(): void {
    roles.clear();
  }

  /**
   * Records a user as Telegram showed them at `asOf` (init data's auth_date; now for the bot's live
   * updates). Usernames change hands, so news older than what is stored changes nothing: a day-old
   * init data cannot take a username back from whoever holds it now.
   */
  async function upsertUser(user: Profile, asOf = new Date()): Promise<void> {
    if (!seenLately(user)) await writeProfile(user, asOf);
  }

  /**
   * What a request of the app records of its caller: the profile (as `upsertUser`) and that they
   * opened the app today (in `timeZone`: the season's funnel counts the people who did in a
   * period; a row a person a day). A first open has both to write, in one statement, which returns
   * the caller's row as written, by the columns `returning` names (me/caller-row.query.ts);
   * undefined when that statement did not write the profile.
   */
  async function recordVisit(
    user: Profile,
    asOf: Date,
    returning: SQL<CallerRow>,
  ): Promise<CallerRow | undefined> {
    const day = dayIn(timeZone, new Date());
    const openDay = openedOn.get(user.id) === day ? undefined : day;
    const row = seenLately(user) ? undefined : await writeProfile(user, asOf, { openDay, returning });
    if (openDay === undefined) return row;
    if (!row) await db.insert(appOpens).values({ userId: user.id, day }).onConflictDoNothing();
    if (openedOn.size >= MAX_ROLES) openedOn.clear();
    openedOn.set(user.id, day);
    return row;
  }

  /** Written lately with these exact attributes: a poll every 5 s should not write every 5 s. */
  function seenLately(user: Profile): boolean {
    const cached = seen.get(user.id);
    return cached !== undefined && cached.key === profileKey(user) && Date.now() - cached.at < SEEN_TTL_MS;
  }

  const profileKey = (user: Profile) =>
    `${user.messenger ?? 'telegram'}\u0000${user.username ?? ''}\u0000${user.firstName}\u0000${user.lastName ?? ''}`;

  /**
   * The profile written, and with `openDay` the day's open; the caller's row by the columns
   * `returning` names when one statement did both.
   */
  async function writeProfile(
    user: Profile,
    asOf: Date,
    visit: { openDay?: string; returning?: SQL<CallerRow> } = {},
  ): Promise<CallerRow | undefined> {
    const written = await writeProfileAtOnce(user, asOf, visit);
    if (!written) {
      await writeProfileTakingUsername(user, asOf);
      forgetRoles();
    } else if (written.bound > 0) {
      // A role named by this username (admin, spokesman, staff) is now this user's.
      forgetRoles();
    } else if (written.inserted && !configuredIds.includes(user.id)) {
      // Someone new, bound to nothing: a user, and nobody else's role changed.
      knowRole(user.id, 'user');
    }
    seen.set(user.id, { key: profileKey(user), at: Date.now() });
    return written ? written.row : undefined;
  }

  /**
   * The common case in one statement (a burst of first opens writes one each): the profile is news
   * and nobody else holds the username; the day's open too, given `openDay`. False, having changed
   * nothing, when it is not: a username someone else holds (the unique index refuses the whole
   * statement) or older news than stored. Else whether the user is new, how many roles named by the
   * username were bound to them, and their row as written (by the columns `returning` names).
   */
  async function writeProfileAtOnce(
    user: Profile,
    asOf: Date,
    { openDay, returning }: { openDay?: string; returning?: SQL<CallerRow> },
  ): Promise<{ inserted: boolean; bound: number; row: CallerRow | undefined } | false> {
    const name = user.username ? normalizeUsername(user.username) : null;
    const messenger = user.messenger ?? 'telegram';
    // ADMIN_USERNAMES are Telegram's usernames: the same name in another messenger is someone else.
    const adminNamed = name !== null && messenger === 'telegram' && adminUsernames.includes(name);
    const written = sql`EXISTS (SELECT 1 FROM profile)`;
    const bindings = name
      ? sql`, spokesman AS (
          UPDATE ${partners} SET spokesman_user_id = ${user.id}
          WHERE spokesman_user_id IS NULL AND spokesman_messenger = ${messenger}
            AND lower(spokesman_username) = ${name} AND ${written}
          RETURNING 1
        ), staff AS (
          UPDATE ${partnerStaff} SET user_id = ${user.id}
          WHERE user_id IS NULL AND messenger = ${messenger} AND lower(username) = ${name} AND ${written}
          RETURNING 1
        )${
          adminNamed
            ? sql`, admin AS (
          INSERT INTO ${adminBindings} (username, user_id) SELECT ${name}, ${user.id} WHERE ${written}
          ON CONFLICT DO NOTHING
          RETURNING 1
        )`
            : sql``
        }`
      : sql``;
    // Its reference to users is checked at the statement's end, when the profile's insert is there.
    const opened = openDay
      ? sql`, opened AS (
          INSERT INTO ${appOpens} (user_id, day) SELECT ${user.id}, ${openDay} WHERE ${written}
          ON CONFLICT DO NOTHING
        )`
      : sql``;
    const rolesBound = name
      ? sql`(SELECT count(*) FROM spokesman) + (SELECT count(*) FROM staff)${adminNamed ? sql` + (SELECT count(*) FROM admin)` : sql``}`
      : sql`0`;
    try {
      const result = await db.execute(sql`
        WITH profile AS (
          INSERT INTO ${users} (id, messenger, username, first_name, last_name, profile_as_of)
          VALUES (${user.id}, ${messenger}, ${user.username}, ${user.firstName}, ${user.lastName}, ${asOf.toISOString()})
          ON CONFLICT (id) DO UPDATE SET username = excluded.username, first_name = excluded.first_name,
            last_name = excluded.last_name, profile_as_of = excluded.profile_as_of, last_seen_at = now()
          WHERE ${users.profileAsOf} <= excluded.profile_as_of AND ${users.messenger} = excluded.messenger
          RETURNING (xmax = 0) AS inserted${returning ? sql`, ${returning}` : sql``}
        )${bindings}${opened}
        SELECT profile.*, (${rolesBound})::int AS bound FROM profile`);
      const [row] = (result as unknown as { rows: Array<CallerRow & { inserted: boolean; bound: number }> })
        .rows;
      if (!row) return false;
      const { inserted, bound, ...callerRow } = row;
      return { inserted, bound, row: returning ? callerRow : undefined };
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /**
   * The username may change hands: whoever held it before lets it go, unless their news is newer.
   * An account linked to a person from another messenger keeps its username on its identity.
   */
  async function writeProfileTakingUsername(user: Profile, asOf: Date): Promise<void> {
    await db.transaction(async (tx) => {
      let username = user.username;
      const messenger = user.messenger ?? 'telegram';
      const [stored] = await tx
        .select({ messenger: users.messenger })
        .from(users)
        .where(eq(users.id, user.id))
        .for('update');
      if (stored && stored.messenger !== messenger) return writeLinkedProfile(tx, user, messenger);
      if (username) {
        const sameName = and(
          eq(users.messenger, messenger),
          sql`lower(${users.username}) = ${username.toLowerCase()}`,
          ne(users.id, user.id),
        );
        const [newer] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(sameName, sql`${users.profileAsOf} > ${asOf}`));
        if (newer) username = null;
        // Otherwise whoever held it before has let it go.
        else await tx.update(users).set({ username: null }).where(sameName);
      }
      const profile = { username, firstName: user.firstName, lastName: user.lastName, profileAsOf: asOf };
      await tx
        .insert(users)
        .values({ id: user.id, messenger, ...profile })
        .onConflictDoUpdate({
          target: users.id,
          set: { ...profile, lastSeenAt: sql`now()` },
          setWhere: sql`${users.profileAsOf} <= ${asOf}`,
        });
      if (username) await bindUsername(tx, user.id, normalizeUsername(username), messenger);
    });
  }

  /**
   * A launch from an account linked to a person of another messenger (modules/linking): its
   * username is kept on its identity, and what that username was named for there is theirs.
   */
  async function writeLinkedProfile(executor: Db, user: Profile, messenger: TMessenger): Promise<void> {
    await executor
      .update(messengerIdentities)
      .set({ username: user.username })
      .where(and(eq(messengerIdentities.userId, user.id), eq(messengerIdentities.messenger, messenger)));
    await executor.update(users).set({ lastSeenAt: sql`now()` }).where(eq(users.id, user.id));
    if (user.username) await bindUsername(executor, user.id, normalizeUsername(user.username), messenger);
  }

  /** The app's ids of other messengers' people by `<messenger>:<their id>`, as read lately. */
  const identities = new Map<string, { id: number; at: number }>();

  /**
   * The app's id of the person `messenger` knows as `externalId` (ADR 0019): a Telegram user's is
   * their Telegram id, linked or not (modules/linking keeps it so); anyone else's is their row in
   * messenger_identities (an account linked to a Telegram user, theirs), made with a users row of
   * that messenger and an id from users_internal_id_seq at first sight. Two first opens at once
   * make one: the second's identity clashes, its transaction is undone and the first's is read.
   */
  async function userIdOf(messenger: TMessenger, externalId: number): Promise<number> {
    if (messenger === 'telegram') return externalId;
    const key = `${messenger}:${externalId}`;
    const cached = identities.get(key);
    if (cached && Date.now() - cached.at < IDENTITY_TTL_MS) return cached.id;
    const known = await readIdentity(messenger, externalId);
    if (known !== undefined) return remember(key, known);
    const made = await db
      .transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          // The profile's own write follows with the time the messenger vouched for it.
          .values({ id: sql`nextval('users_internal_id_seq')`, messenger, profileAsOf: new Date(0) })
          .returning({ id: users.id });
        if (!row) throw new Error('no users row made');
        const [bound] = await tx
          .insert(messengerIdentities)
          .values({ messenger, externalId: String(externalId), userId: row.id })
          .onConflictDoNothing()
          .returning({ userId: messengerIdentities.userId });
        if (!bound) tx.rollback();
        return row.id;
      })
      .catch((error: unknown) => {
        if (error instanceof TransactionRollbackError) return undefined;
        throw error;
      });
    const id = made ?? (await readIdentity(messenger, externalId));
    if (id === undefined) throw new Error(`no identity for ${key} after making one`);
    return remember(key, id);
  }

  async function readIdentity(messenger: TMessenger, externalId: number): Promise<number | undefined> {
    const [row] = await db
      .select({ userId: messengerIdentities.userId })
      .from(messengerIdentities)
      .where(
        and(
          eq(messengerIdentities.messenger, messenger),
          eq(messengerIdentities.externalId, String(externalId)),
        ),
      );
    return row?.userId;
  }

  function remember(key: string, id: number): number {
    if (identities.size >= MAX_IDENTITIES) identities.clear();
    identities.set(key, { id, at: Date.now() });
    return id;
  }

  /** Whether they hold a coupon they could give away: one of their own a gift starts from (refusalOf). */
  async function hasCouponToGive(userId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: purchasedCoupons.id })
      .from(purchasedCoupons)
      .where(and(eq(purchasedCoupons.ownerId, userId), isInStateNow('NOT_USED')))
      .limit(1);
    return row !== undefined;
  }

  /**
   * The person holding `username` in `messenger` now (usernames are unique only within one): by
   * their own row, or by their account there linked to them (modules/linking).
   */
  async function findByUsername(username: string, messenger: TMessenger = 'telegram') {
    const name = normalizeUsername(username);
    const [row] = await db
      .select()
      .from(users)
      .where(
        or(
          and(eq(users.messenger, messenger), sql`lower(${users.username}) = ${name}`),
          sql`${users.id} = (SELECT ${messengerIdentities.userId} FROM ${messengerIdentities}
            WHERE ${messengerIdentities.messenger} = ${messenger} AND lower(${messengerIdentities.username}) = ${name}
            LIMIT 1)`,
        ),
      )
      // Their own row first: a linked account's name there may be one it has since let go.
      .orderBy(sql`${users.messenger} = ${messenger} DESC`)
      .limit(1);
    return row;
  }

  /**
   * Roles named by username (ADMIN_USERNAMES, a partner's spokesman) go to the first user seen
   * with that username in the role's messenger and stay with them; rows already bound are left alone.
   */
  async function bindUsername(executor: Db, userId: number, name: string, messenger: TMessenger) {
    if (messenger === 'telegram' && adminUsernames.includes(name)) {
      await executor.insert(adminBindings).values({ username: name, userId }).onConflictDoNothing();
    }
    await executor
      .update(partners)
      .set({ spokesmanUserId: userId })
      .where(
        and(
          isNull(partners.spokesmanUserId),
          eq(partners.spokesmanMessenger, messenger),
          sql`lower(${partners.spokesmanUsername}) = ${name}`,
        ),
      );
    await executor
      .update(partnerStaff)
      .set({ userId })
      .where(
        and(
          isNull(partnerStaff.userId),
          eq(partnerStaff.messenger, messenger),
          sql`lower(${partnerStaff.username}) = ${name}`,
        ),
      );
  }

  /**
   * Who is an admin, the one rule: configured by id (ADMIN_USERNAMES), by a configured username bound
   * to an id, or marked in the database. Every admin's id, or with `only` just that user's when they
   * are one; `executor` lets a caller ask inside its own transaction.
   */
  async function adminIds(executor: Db = db, only?: number): Promise<number[]> {
    if (only !== undefined && configuredIds.includes(only)) return [only];
    const ids = new Set(only === undefined ? configuredIds : []);
    const ofUser = (column: typeof users.id | typeof adminBindings.userId) =>
      only === undefined ? undefined : eq(column, only);
    if (configuredNames.length > 0) {
      const bound = await executor
        .select({ id: adminBindings.userId })
        .from(adminBindings)
        .where(
          and(
            eq(adminBindings.messenger, 'telegram'),
            inArray(adminBindings.username, configuredNames),
            ofUser(adminBindings.userId),
          ),
        );
      for (const { id } of bound) ids.add(id);
    }
    const marked = await executor
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isAdmin, true), ofUser(users.id)));
    for (const { id } of marked) ids.add(id);
    return [...ids];
  }

  async function isAdmin(userId: number): Promise<boolean> {
    return (await adminIds(db, userId)).length > 0;
  }

  /** Partner: the spokesman of some partner (bound when the user or the partner was written). */
  async function isPartner(userId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: partners.id })
      .from(partners)
      .where(eq(partners.spokesmanUserId, userId))
      .limit(1);
    return row !== undefined;
  }

  /** The role from one read (admin, then partner, then staff): every first open asks it. */
  async function lookUpRole(userId: number): Promise<TRole> {
    if (configuredIds.includes(userId)) return 'admin';
    const boundAdmin =
      configuredNames.length > 0
        ? sql`EXISTS (SELECT 1 FROM ${adminBindings} WHERE ${adminBindings.userId} = ${userId} AND ${adminBindings.messenger} = 'telegram' AND ${inArray(adminBindings.username, configuredNames)})`
        : sql`false`;
    const [row] = await db
      .select({
        admin: sql<boolean>`${boundAdmin} OR EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND ${users.isAdmin})`,
        partner: sql<boolean>`EXISTS (SELECT 1 FROM ${partners} WHERE ${partners.spokesmanUserId} = ${userId})`,
        staff: sql<boolean>`EXISTS (SELECT 1 FROM ${partnerStaff} WHERE ${partnerStaff.userId} = ${userId})`,
      })
      .from(sql`(SELECT 1) AS one`);
    if (row?.admin) return 'admin';
    if (row?.partner) return 'partner';
    if (row?.staff) return 'staff';
    return 'user';
  }

  function knowRole(userId: number, role: TRole): void {
    if (roles.size >= MAX_ROLES) forgetRoles();
    roles.set(userId, { role: Promise.resolve(role), at: Date.now() });
  }

  function resolveRole(userId: number): Promise<TRole> {
    const known = roles.get(userId);
    if (known && Date.now() - known.at < ROLE_TTL_MS) return known.role;
    if (roles.size >= MAX_ROLES) forgetRoles();
    const role = lookUpRole(userId);
    roles.set(userId, { role, at: Date.now() });
    // A lookup that failed (the database down) is not an answer to keep.
    role.catch(() => {
      if (roles.get(userId)?.role === role) roles.delete(userId);
    });
    return role;
  }

  /** The username the database holds for a user now (ADR 0004), read in the caller's transaction. */
  async function usernameOf(userId: number, executor: Db = db): Promise<string | null> {
    const [row] = await executor.select({ username: users.username }).from(users).where(eq(users.id, userId));
    return row?.username ?? null;
  }

  /** Makes the next request of this user write their profile again and resolve their role (after an erasure). */
  const forgetSeen = (userId: number) => {
    seen.delete(userId);
    for (const [key, { id }] of identities) if (id === userId) identities.delete(key);
    openedOn.delete(userId);
    forgetRoles();
  };

  return {
    upsertUser,
    recordVisit,
    userIdOf,
    usernameOf,
    forgetSeen,
    forgetRoles,
    findByUsername,
    hasCouponToGive,
    adminIds,
    isAdmin,
    isPartner,
    resolveRole,
  };
}

export type UserService = ReturnType<typeof createUserService>;
