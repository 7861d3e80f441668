import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { LINK_START_PREFIX, LinkingErrorCode, type TLinkStart, type TMyMessengers } from '#contract/linking';
import { MESSENGERS, type TMessenger } from '#contract/messengers';
import type { Db } from '../../db/client.ts';
import {
  adminBindings,
  appOpens,
  coupons,
  geoPoints,
  gifts,
  linkCodes,
  messengerIdentities,
  offerHolds,
  offerWaitlist,
  offlineRedemptions,
  partnerStaff,
  partners,
  payments,
  purchasedCoupons,
  rateLimitCounters,
  redemptions,
  refunds,
  users,
  visitRatings,
} from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { MESSENGER_NAMES, type MessengerSender, type Messengers } from '../../domain/messenger.ts';
import { accountsOfPeople } from '../../messenger/people.ts';
import { recordAudit, subjectOf } from '../audit/audit-log.ts';
import { moveAuditIds } from '../privacy/privacy.service.ts';
import { type LinkingRefusal, linkTexts } from './texts.ts';

/** How long a code links: the person goes from one messenger to the other meanwhile. */
export const LINK_CODE_TTL_MS = 10 * 60 * 1000;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/** Why linking by a code did not go, in the words the bot answers with. */
class LinkRefused extends Error {}

/**
 * One person on several messengers (ADR 0019): a code made in the app of one messenger links the
 * person's account in another, whose bot takes it; the two accounts are then one person, whatever
 * either held moved onto them in one transaction. Unlinking gives the other account a person of
 * its own again and moves nothing.
 */
export function createLinkingService(
  db: Db,
  options: {
    messengers: Messengers;
    /** Each process's memory of a person (users.service.ts): their accounts changed. */
    forgetSeen(userId: number): void;
  },
) {
  const { messengers, forgetSeen } = options;

  /** The person's accounts, `launch`'s first, and the messengers with a bot here they could link. */
  async function accountsOf(userId: number, launch: TMessenger): Promise<TMyMessengers> {
    const rows = (await accountsOfPeople(db, [userId])).get(userId) ?? [];
    const accounts = rows.toSorted((a, b) => Number(b.messenger === launch) - Number(a.messenger === launch));
    const linkable = MESSENGERS.filter(
      (name) => messengers[name] !== undefined && !accounts.some((account) => account.messenger === name),
    );
    return { accounts, linkable };
  }

  /**
   * A one-time code (128 random bits; only its hash is kept) for the caller, launched in `launch`,
   * to link their account in `target`: the link that starts `target`'s bot with it.
   */
  async function startLinking(userId: number, launch: TMessenger, target: TMessenger): Promise<TLinkStart> {
    const port = messengers[target];
    const { linkable } = await accountsOf(userId, launch);
    if (!port || target === launch || !linkable.includes(target))
      throw new DomainError<LinkingRefusal>(LinkingErrorCode.notLinkable, {
        messenger: MESSENGER_NAMES[target],
      });
    const code = randomBytes(16).toString('base64url');
    const expiresAt = new Date(Date.now() + LINK_CODE_TTL_MS);
    await db.insert(linkCodes).values({ codeHash: hashOf(code), userId, messenger: launch, expiresAt });
    return { link: await port.botLink(`${LINK_START_PREFIX}${code}`), expiresAt: expiresAt.toISOString() };
  }

  /**
   * The bot of `from.messenger` started with a code: that account becomes the code's person's. The
   * person of the two is the Telegram account's, whose id is its Telegram id as every Telegram
   * user's (users.service.ts' `userIdOf`); the other account's person, if it has things of its
   * own, is merged into them. The answer the bot gives, in Russian.
   */
  async function link(code: string, from: MessengerSender): Promise<string> {
    try {
      const people = await db.transaction(async (tx) => {
        // Taken at once, so two starts with one code link once; undone with a refusal, so the person
        // may try again once they have done what the refusal says.
        const [taken] = await tx
          .update(linkCodes)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(linkCodes.codeHash, hashOf(code)),
              sql`${linkCodes.usedAt} IS NULL`,
              sql`${linkCodes.expiresAt} > now()`,
            ),
          )
          .returning({ userId: linkCodes.userId, messenger: linkCodes.messenger });
        if (!taken) throw new LinkRefused(linkTexts.codeDead);
        const here = MESSENGER_NAMES[from.messenger];
        const there = MESSENGER_NAMES[taken.messenger];
        if (taken.messenger === from.messenger) throw new LinkRefused(linkTexts.sameMessenger(here));
        if (from.messenger === 'telegram') {
          // A Telegram user who never opened the app is a person from now on, as their first open makes them.
          await tx
            .insert(users)
            .values({ id: Number(from.externalId), messenger: 'telegram', profileAsOf: new Date(0) })
            .onConflictDoNothing();
        }
        const codePerson = taken.userId;
        const accountPerson = (await identityOf(tx, from.messenger, from.externalId))?.userId;
        if (accountPerson === codePerson) throw new LinkRefused(linkTexts.alreadyLinked(here, there));
        if ((await accountsIn(tx, codePerson)).some((account) => account.messenger === from.messenger))
          throw new LinkRefused(linkTexts.otherAccountLinked(here));
        if (
          accountPerson !== undefined &&
          (await accountsIn(tx, accountPerson)).some((account) => account.messenger === taken.messenger)
        )
          throw new LinkRefused(linkTexts.linkedElsewhere(here, there));

        const [kept, gone, goneMessenger] =
          from.messenger === 'telegram'
            ? [accountPerson as number, codePerson, taken.messenger]
            : [codePerson, accountPerson, from.messenger];
        if (gone === undefined)
          await tx
            .insert(messengerIdentities)
            .values({ messenger: from.messenger, externalId: from.externalId, userId: kept });
        else await mergePerson(tx, gone, kept, goneMessenger);
        await recordAudit(tx, {
          kind: 'person.linked',
          actorId: kept,
          subject: subjectOf.person(kept),
          details: { messenger: from.messenger, ...(gone === undefined ? {} : { merged: gone }) },
        });
        return [kept, gone];
      });
      for (const person of people) if (person !== undefined) forgetSeen(person);
      return linkTexts.linked(MESSENGER_NAMES[from.messenger]);
    } catch (error) {
      if (error instanceof LinkRefused) return error.message;
      throw error;
    }
  }

  const identityOf = async (tx: Db, messenger: TMessenger, externalId: string) =>
    (
      await tx
        .select()
        .from(messengerIdentities)
        .where(
          and(eq(messengerIdentities.messenger, messenger), eq(messengerIdentities.externalId, externalId)),
        )
        .for('update')
    )[0];

  const accountsIn = (tx: Db, userId: number) =>
    tx.select().from(messengerIdentities).where(eq(messengerIdentities.userId, userId)).for('update');

  /**
   * Every row that names the person `from` names `into` instead, the audit log's mentions too.
   * Inside the caller's transaction.
   */
  async function moveRows(tx: Db, from: number, into: number): Promise<void> {
    const move = (table: PgTable, column: { name: string }) =>
      tx.execute(
        sql`UPDATE ${table} SET ${sql.identifier(column.name)} = ${into} WHERE ${sql.identifier(column.name)} = ${from}`,
      );
    await move(payments, payments.userId);
    await move(offerHolds, offerHolds.userId);
    await move(offerWaitlist, offerWaitlist.userId);
    await move(purchasedCoupons, purchasedCoupons.ownerId);
    await move(purchasedCoupons, purchasedCoupons.redeemedBy);
    await move(gifts, gifts.fromUserId);
    await move(gifts, gifts.toUserId);
    await move(redemptions, redemptions.userId);
    await move(offlineRedemptions, offlineRedemptions.userId);
    await move(refunds, refunds.requestedBy);
    await move(coupons, coupons.requestedBy);
    await move(coupons, coupons.decidedBy);
    await move(partners, partners.createdBy);
    await move(partners, partners.spokesmanUserId);
    await move(partnerStaff, partnerStaff.userId);
    await move(partnerStaff, partnerStaff.addedBy);
    await move(adminBindings, adminBindings.userId);
    await move(geoPoints, geoPoints.userId);
    await move(visitRatings, visitRatings.userId);
    await move(users, users.invitedBy);
    await tx.execute(
      sql`INSERT INTO ${appOpens} (user_id, day) SELECT ${into}, day FROM ${appOpens} WHERE user_id = ${from} ON CONFLICT DO NOTHING`,
    );
    await tx.delete(appOpens).where(eq(appOpens.userId, from));
    await tx.delete(linkCodes).where(eq(linkCodes.userId, from));
    await tx.delete(rateLimitCounters).where(sql`${rateLimitCounters.key} LIKE ${`%user:${from}`}`);
    await moveAuditIds(tx, from, into);
  }

  /**
   * Everything of the person `from` becomes the person `into`'s, and `from` is gone: every row
   * that names them (`moveRows`), their account in `messenger` (its username kept on it) and what
   * their users row held that `into`'s did not. Refused, naming what, where the two hold something
   * one person cannot. Inside the caller's transaction; the users row's deletion fails it if a
   * reference to `from` was left anywhere.
   */
  async function mergePerson(tx: Db, from: number, into: number, messenger: TMessenger): Promise<void> {
    const rows = await tx
      .select()
      .from(users)
      .where(inArray(users.id, [from, into]))
      .for('update');
    const gone = rows.find((row) => row.id === from);
    const kept = rows.find((row) => row.id === into);
    if (!gone || !kept) throw new Error(`no users rows ${from} and ${into} to merge`);

    const conflicts: string[] = [];
    const spokesmen = await tx
      .select({ userId: partners.spokesmanUserId, companyName: partners.companyName })
      .from(partners)
      .where(inArray(partners.spokesmanUserId, [from, into]));
    if (new Set(spokesmen.map((row) => row.userId)).size > 1)
      conflicts.push(linkTexts.bothSpokesmen(spokesmen.map((row) => `«${row.companyName}»`).join(', ')));
    const sameLines = await tx.execute(sql`
      SELECT DISTINCT ${partners.companyName} AS company FROM ${offerWaitlist} a
        JOIN ${offerWaitlist} b ON b.coupon_id = a.coupon_id AND b.user_id = ${into}
        JOIN ${coupons} ON ${coupons.id} = a.coupon_id
        JOIN ${partners} ON ${partners.id} = ${coupons.partnerId}
      WHERE a.user_id = ${from}`);
    const lines = (sameLines as unknown as { rows: { company: string }[] }).rows;
    if (lines.length > 0)
      conflicts.push(linkTexts.bothInLine(lines.map((row) => `«${row.company}»`).join(', ')));
    if (conflicts.length > 0) throw new LinkRefused(linkTexts.cannotMerge(conflicts));

    await moveRows(tx, from, into);
    // Their own row's: a unique username and invitation code let go first, then what the kept row
    // lacks is taken from it (an e-mail, a newer consent, an admin's mark, membership).
    await tx.update(users).set({ username: null, inviteCode: null }).where(eq(users.id, from));
    const emailOf = kept.email ? kept : gone;
    const consentOf = (gone.consentAt?.getTime() ?? 0) > (kept.consentAt?.getTime() ?? 0) ? gone : kept;
    await tx
      .update(users)
      .set({
        email: emailOf.email,
        emailConfirmed: emailOf.emailConfirmed,
        emailStoppedAt: emailOf.emailStoppedAt,
        consentAt: consentOf.consentAt,
        consentEdition: consentOf.consentEdition,
        partnerOffersAt: kept.partnerOffersAt ?? gone.partnerOffersAt,
        isAdmin: kept.isAdmin || gone.isAdmin,
        isChatMember: kept.isChatMember || gone.isChatMember,
        inviteCode: kept.inviteCode ?? gone.inviteCode,
        invitedBy: kept.invitedBy ?? (gone.invitedBy === into ? null : gone.invitedBy),
        invitedAt: kept.invitedBy ? kept.invitedAt : gone.invitedAt,
      })
      .where(eq(users.id, into));
    await tx
      .update(messengerIdentities)
      .set({ userId: into, username: gone.username })
      .where(and(eq(messengerIdentities.userId, from), eq(messengerIdentities.messenger, messenger)));
    await tx.delete(users).where(eq(users.id, from));
  }

  /**
   * The person's account in `other` becomes a person of its own again, with nothing; every coupon,
   * payment and consent stays with the person as the launch (`launch`) shows them. A role bound to
   * a username of `other` (a spokesman, staff, an admin) goes with that account. When the account
   * leaving is Telegram's, whose id the person has, the person takes a new id and everything of
   * theirs is carried to it, so the Telegram account is its id's blank person again.
   */
  async function unlink(userId: number, launch: TMessenger, other: TMessenger): Promise<TMyMessengers> {
    const people = await db.transaction(async (tx) => {
      const [person] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      const accounts = await accountsIn(tx, userId);
      const leaving = accounts.find((account) => account.messenger === other);
      const staying = accounts.find((account) => account.messenger === launch);
      if (!person || !leaving || !staying || other === launch)
        throw new DomainError<LinkingRefusal>(LinkingErrorCode.notLinked, {
          messenger: MESSENGER_NAMES[other],
        });
      const usernameFree = async (messenger: TMessenger, username: string | null) =>
        username !== null &&
        (
          await tx
            .select({ id: users.id })
            .from(users)
            .where(
              and(eq(users.messenger, messenger), sql`lower(${users.username}) = ${username.toLowerCase()}`),
            )
        ).length === 0;
      // The row of the person as one messenger knows them alone, made from what they are to it.
      const personFor = async (messenger: TMessenger, username: string | null, carried?: typeof person) => {
        const [made] = await tx
          .insert(users)
          .values({
            ...(carried
              ? {
                  email: carried.email,
                  emailConfirmed: carried.emailConfirmed,
                  emailStoppedAt: carried.emailStoppedAt,
                  consentAt: carried.consentAt,
                  consentEdition: carried.consentEdition,
                  isAdmin: carried.isAdmin,
                  isChatMember: carried.isChatMember,
                  couponRemindersOff: carried.couponRemindersOff,
                  invitedBy: carried.invitedBy,
                  invitedAt: carried.invitedAt,
                  qrPhotosInChat: carried.qrPhotosInChat,
                  partnerOffersAt: carried.partnerOffersAt,
                }
              : {}),
            id: sql`nextval('users_internal_id_seq')`,
            messenger,
            username: (await usernameFree(messenger, username)) ? username : null,
            // Their next launch writes the name the messenger gives.
            profileAsOf: new Date(0),
          })
          .returning({ id: users.id });
        if (!made) throw new Error('no users row made for an unlinked account');
        return made.id;
      };

      let staysWith = userId;
      let leavesWith = userId;
      if (other === 'telegram') {
        staysWith = await personFor(launch, staying.username, person);
        await tx.update(users).set({ inviteCode: null }).where(eq(users.id, userId));
        await tx.update(users).set({ inviteCode: person.inviteCode }).where(eq(users.id, staysWith));
        await moveRows(tx, userId, staysWith);
        await tx
          .update(messengerIdentities)
          .set({ userId: staysWith, username: null })
          .where(
            and(
              eq(messengerIdentities.messenger, launch),
              eq(messengerIdentities.externalId, staying.externalId),
            ),
          );
        // Their Telegram id is the Telegram account's blank person: its names stay, nothing else.
        await tx
          .update(users)
          .set({
            email: null,
            emailConfirmed: null,
            emailStoppedAt: null,
            consentAt: null,
            consentEdition: null,
            isAdmin: false,
            couponRemindersOff: false,
            invitedBy: null,
            invitedAt: null,
            partnerOffersAt: null,
            qrPhotosInChat: true,
          })
          .where(eq(users.id, userId));
      } else {
        leavesWith = await personFor(other, leaving.username);
        await tx
          .update(messengerIdentities)
          .set({ userId: leavesWith, username: null })
          .where(
            and(
              eq(messengerIdentities.messenger, other),
              eq(messengerIdentities.externalId, leaving.externalId),
            ),
          );
      }
      // What a username of the leaving account was named for is that account's.
      await tx
        .update(partners)
        .set({ spokesmanUserId: leavesWith })
        .where(and(eq(partners.spokesmanUserId, staysWith), eq(partners.spokesmanMessenger, other)));
      await tx
        .update(partnerStaff)
        .set({ userId: leavesWith })
        .where(and(eq(partnerStaff.userId, staysWith), eq(partnerStaff.messenger, other)));
      await tx
        .update(adminBindings)
        .set({ userId: leavesWith })
        .where(and(eq(adminBindings.userId, staysWith), eq(adminBindings.messenger, other)));
      await recordAudit(tx, {
        kind: 'person.unlinked',
        actorId: staysWith,
        subject: subjectOf.person(staysWith),
        details: { messenger: other, from: userId, to: leavesWith === userId ? staysWith : leavesWith },
      });
      return { staysWith, leavesWith };
    });
    forgetSeen(people.staysWith);
    forgetSeen(people.leavesWith);
    return accountsOf(people.staysWith, launch);
  }

  return { accountsOf, startLinking, link, unlink };
}

export type LinkingService = ReturnType<typeof createLinkingService>;
