import { randomInt } from 'node:crypto';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { PRIVACY_POLICY_EDITION, PrivacyErrorCode, type TMyData } from '#contract/privacy';
import type { Db } from '../../db/client.ts';
import {
  adminBindings,
  appOpens,
  auditEvents,
  coupons,
  geoPoints,
  gifts,
  linkCodes,
  messengerIdentities,
  notifications,
  offerHolds,
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
import { personOfChat } from '../../messenger/people.ts';
import { forgetPerson, handOverFreed, placesOfPerson, type WaitlistPolicy } from '../offers/offers.api.ts';
import { changeCoupon } from '../purchased-coupons/coupon-state.ts';
import { newQrToken } from '../purchased-coupons/qr.ts';
import { isInStateNow } from '../purchased-coupons/visible-state.ts';
import type { PrivacyRefusal } from './texts.ts';

const refuse = (code: PrivacyRefusal, details?: Record<string, string>) =>
  new DomainError<PrivacyRefusal>(code, details);

/** What the users row holds of consent and the receipts' e-mail: read by `stateOf`, and with the caller's row. */
export const storedConsent = { email: users.email, consentEdition: users.consentEdition };

export interface StoredConsent {
  email: string | null;
  consentEdition: string | null;
}

/** Who a person was, in texts written before they asked to be forgotten. */
const ERASED_NAME = 'удаленный пользователь';

/**
 * Personal data under 152-ФЗ: consent to the policy, the e-mail for receipts, the person's own data
 * on request, and erasure that keeps what accounting law requires.
 */
export function createPrivacyService(
  db: Db,
  forgetSeen: (userId: number) => void,
  /** How a unit held for a place in a line passes to the next when its person is forgotten. */
  waitlist: WaitlistPolicy,
) {
  /**
   * The e-mail for receipts and whether the current policy is consented to. `known`: the user's row
   * as read a moment ago (users/caller-row.ts), to spare reading it again.
   */
  async function stateOf(userId: number, known?: StoredConsent) {
    const row = known ?? (await db.select(storedConsent).from(users).where(eq(users.id, userId)))[0];
    return { email: row?.email ?? null, consentGiven: row?.consentEdition === PRIVACY_POLICY_EDITION };
  }

  /** Consent given now to the current edition (a separate act: the buy screen's unticked box). */
  async function giveConsent(userId: number): Promise<void> {
    await db
      .update(users)
      .set({ consentAt: sql`now()`, consentEdition: PRIVACY_POLICY_EDITION })
      .where(eq(users.id, userId));
  }

  /**
   * Refuses a caller who has not consented to the current policy (before anything else is asked).
   * Returns what it read, for `requireReadyToPay` to go on from. `known` as in `stateOf`.
   */
  async function requireConsent(userId: number, known?: StoredConsent): Promise<StoredConsent> {
    const state = await stateOf(userId, known);
    if (!state.consentGiven) throw refuse(PrivacyErrorCode.consentRequired);
    return { email: state.email, consentEdition: PRIVACY_POLICY_EDITION };
  }

  /**
   * Before a payment starts: consent to the current policy, and with receipts on an e-mail —
   * the one given now (remembered) or the one given before. `known`: what `requireConsent` read
   * for this start, so a start reads the buyer's row once.
   */
  async function requireReadyToPay(
    userId: number,
    options: { email?: string; receipts: boolean; known?: StoredConsent },
  ): Promise<{ email: string | null }> {
    const state = await stateOf(userId, options.known);
    if (!state.consentGiven) throw refuse(PrivacyErrorCode.consentRequired);
    if (options.email && options.email !== state.email) {
      await db.update(users).set({ email: options.email }).where(eq(users.id, userId));
      return { email: options.email };
    }
    if (options.receipts && !state.email) throw refuse(PrivacyErrorCode.emailRequired);
    return { email: state.email };
  }

  /** Whether the bot sends the user each new QR of theirs as a photo (photos already sent keep true captions). */
  async function setQrPhotosInChat(userId: number, enabled: boolean): Promise<void> {
    await db.update(users).set({ qrPhotosInChat: enabled }).where(eq(users.id, userId));
  }

  /** The consent to partners' offers by the bot, given (its moment kept) or taken back. */
  async function setPartnerOffers(userId: number, enabled: boolean): Promise<void> {
    await db
      .update(users)
      .set({ partnerOffersAt: enabled ? sql`coalesce(${users.partnerOffersAt}, now())` : null })
      .where(eq(users.id, userId));
  }

  async function exportData(userId: number): Promise<TMyData> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new Error(`no user ${userId}`);
    const [paid, owned, giftRows, attempts, points, rated, opened, places, holds] = await Promise.all([
      db
        .select({
          id: payments.id,
          companyName: partners.companyName,
          amount: payments.amount,
          provider: payments.provider,
          status: payments.status,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .innerJoin(coupons, eq(coupons.id, payments.couponId))
        .innerJoin(partners, eq(partners.id, coupons.partnerId))
        .where(eq(payments.userId, userId))
        .orderBy(desc(payments.createdAt)),
      db
        .select({
          id: purchasedCoupons.id,
          companyName: partners.companyName,
          discount: coupons.discount,
          status: purchasedCoupons.status,
          purchasedAt: purchasedCoupons.purchasedAt,
          redeemedAt: purchasedCoupons.redeemedAt,
        })
        .from(purchasedCoupons)
        .innerJoin(coupons, eq(coupons.id, purchasedCoupons.couponId))
        .innerJoin(partners, eq(partners.id, coupons.partnerId))
        .where(eq(purchasedCoupons.ownerId, userId))
        .orderBy(desc(purchasedCoupons.purchasedAt)),
      db
        .select()
        .from(gifts)
        .where(or(eq(gifts.fromUserId, userId), eq(gifts.toUserId, userId)))
        .orderBy(desc(gifts.createdAt)),
      db
        .select()
        .from(redemptions)
        .where(eq(redemptions.userId, userId))
        .orderBy(desc(redemptions.createdAt)),
      db.select().from(geoPoints).where(eq(geoPoints.userId, userId)).orderBy(desc(geoPoints.ts)),
      db
        .select({
          at: visitRatings.updatedAt,
          companyName: partners.companyName,
          stars: visitRatings.stars,
          comment: visitRatings.comment,
        })
        .from(visitRatings)
        .innerJoin(partners, eq(partners.id, visitRatings.partnerId))
        .where(eq(visitRatings.userId, userId))
        .orderBy(desc(visitRatings.updatedAt)),
      db
        .select({ day: appOpens.day })
        .from(appOpens)
        .where(eq(appOpens.userId, userId))
        .orderBy(desc(appOpens.day)),
      placesOfPerson(db, userId),
      db
        .select({
          paymentId: offerHolds.paymentId,
          companyName: partners.companyName,
          discount: coupons.discount,
          heldAt: offerHolds.createdAt,
          heldUntil: offerHolds.expiresAt,
        })
        .from(offerHolds)
        .innerJoin(coupons, eq(coupons.id, offerHolds.couponId))
        .innerJoin(partners, eq(partners.id, coupons.partnerId))
        .where(eq(offerHolds.userId, userId))
        .orderBy(desc(offerHolds.createdAt)),
    ]);
    const iso = (date: Date) => date.toISOString();
    return {
      user: {
        id: user.id,
        username: user.username,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        consent:
          user.consentAt && user.consentEdition
            ? { at: iso(user.consentAt), edition: user.consentEdition }
            : null,
        isChatMember: user.isChatMember,
        qrPhotosInChat: user.qrPhotosInChat,
        partnerOffersSince: user.partnerOffersAt ? iso(user.partnerOffersAt) : null,
        createdAt: iso(user.createdAt),
        lastSeenAt: iso(user.lastSeenAt),
        couponReminders: !user.couponRemindersOff,
        cameThroughInvite: user.invitedBy !== null,
        inviteCode: user.inviteCode,
      },
      payments: paid.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
      coupons: owned.map((row) => ({
        ...row,
        purchasedAt: iso(row.purchasedAt),
        redeemedAt: row.redeemedAt ? iso(row.redeemedAt) : null,
      })),
      gifts: giftRows.map((row) => ({
        at: iso(row.createdAt),
        purchasedCouponId: row.purchasedCouponId,
        direction: row.fromUserId === userId ? ('sent' as const) : ('received' as const),
      })),
      redeemAttempts: attempts.map((row) => ({ at: iso(row.createdAt), result: row.result })),
      geoPoints: points.map((row) => ({
        ts: iso(row.ts),
        lat: row.lat,
        lon: row.lon,
        accuracy: row.accuracy,
        type: row.type,
      })),
      visitRatings: rated.map((row) => ({ ...row, at: iso(row.at) })),
      appOpenDays: opened.map((row) => row.day),
      waitlistPlaces: places.map((row) => ({
        ...row,
        joinedAt: iso(row.joinedAt),
        heldUntil: row.heldUntil ? iso(row.heldUntil) : null,
      })),
      offerHolds: holds.map((row) => ({ ...row, heldAt: iso(row.heldAt), heldUntil: iso(row.heldUntil) })),
    };
  }

  /**
   * Forgets a person: their user row, names, username, e-mail, consent, geo points, visit ratings, roles,
   * places in lines (a unit held for one passes to the next) and messages go; payments, coupons, refunds and the audit log stay (accounting law) under an
   * anonymous id that no Telegram user can have (a negative one). Unused coupons go with them, once
   * the person confirms giving them up. Their own row stays, blank: the next time this Telegram user
   * opens the app they are new.
   */
  async function erase(userId: number, giveUpCoupons: boolean): Promise<void> {
    const freed = await db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user) return;
      const unused = await tx
        .select({ companyName: partners.companyName, discount: coupons.discount })
        .from(purchasedCoupons)
        .innerJoin(coupons, eq(coupons.id, purchasedCoupons.couponId))
        .innerJoin(partners, eq(partners.id, coupons.partnerId))
        .where(
          // What they give up is what they could still use or a gift still waiting: one past its last
          // day or with its money on the way back is no loss to name (visible-state.ts).
          and(eq(purchasedCoupons.ownerId, userId), or(isInStateNow('NOT_USED'), isInStateNow('HELD'))),
        );
      if (unused.length > 0 && !giveUpCoupons) {
        const list = unused.map((row) => `«${row.companyName}» (скидка ${row.discount} руб.)`).join(', ');
        throw refuse(PrivacyErrorCode.unusedCoupons, { coupons: list });
      }

      // A gift still waiting for a username is theirs to give up too: it is canceled (nobody claims a
      // coupon from someone who is gone), and the coupon goes with their other unused ones.
      const held = await tx
        .update(gifts)
        .set({ status: 'CANCELED', settledAt: sql`now()` })
        .where(and(eq(gifts.fromUserId, userId), eq(gifts.status, 'HELD')))
        .returning({ purchasedCouponId: gifts.purchasedCouponId });
      for (const gift of held) {
        await changeCoupon(
          tx,
          'unhold',
          { kind: 'owner', id: userId },
          { id: gift.purchasedCouponId },
          { qrToken: newQrToken(), qrPng: null },
        );
      }
      // Whom they gave to, or which of their usernames a gift waited for, is nobody's to keep.
      await tx
        .update(gifts)
        .set({ toUsername: null })
        .where(or(eq(gifts.fromUserId, userId), eq(gifts.toUserId, userId)));
      // Those they invited came through nobody now (`invited_at` stays: nobody else's link counts them).
      await tx.update(users).set({ invitedBy: null }).where(eq(users.invitedBy, userId));

      const anonymousId = -randomInt(1, 2 ** 47);
      await tx.insert(users).values({ id: anonymousId, firstName: '', isChatMember: false });
      const moved = anonymousId;
      await tx.update(payments).set({ userId: moved }).where(eq(payments.userId, userId));
      // A place in a line is theirs alone and no money record: it goes (a unit it held, to the next).
      const freedOffers = await forgetPerson(tx, userId, moved);
      await tx.update(purchasedCoupons).set({ ownerId: moved }).where(eq(purchasedCoupons.ownerId, userId));
      await tx
        .update(purchasedCoupons)
        .set({ redeemedBy: moved })
        .where(eq(purchasedCoupons.redeemedBy, userId));
      await tx.update(gifts).set({ fromUserId: moved }).where(eq(gifts.fromUserId, userId));
      await tx.update(gifts).set({ toUserId: moved }).where(eq(gifts.toUserId, userId));
      await tx.update(redemptions).set({ userId: moved }).where(eq(redemptions.userId, userId));
      await tx.update(offlineRedemptions).set({ userId: moved }).where(eq(offlineRedemptions.userId, userId));
      await tx.update(refunds).set({ requestedBy: moved }).where(eq(refunds.requestedBy, userId));
      await tx.update(coupons).set({ requestedBy: moved }).where(eq(coupons.requestedBy, userId));
      await tx.update(coupons).set({ decidedBy: moved }).where(eq(coupons.decidedBy, userId));
      await tx.update(partners).set({ createdBy: moved }).where(eq(partners.createdBy, userId));
      await tx.update(partners).set({ spokesmanUserId: null }).where(eq(partners.spokesmanUserId, userId));
      await tx.update(partnerStaff).set({ addedBy: moved }).where(eq(partnerStaff.addedBy, userId));
      await tx.delete(partnerStaff).where(eq(partnerStaff.userId, userId));
      if (user.username) {
        // A partner they spoke for keeps its page; an admin names its new spokesman.
        const name = user.username.toLowerCase();
        await tx
          .update(partners)
          .set({ spokesmanUsername: '' })
          .where(
            and(
              eq(partners.spokesmanMessenger, user.messenger),
              sql`lower(${partners.spokesmanUsername}) = ${name}`,
            ),
          );
        await tx
          .delete(partnerStaff)
          .where(
            and(eq(partnerStaff.messenger, user.messenger), sql`lower(${partnerStaff.username}) = ${name}`),
          );
      }
      await tx.delete(adminBindings).where(eq(adminBindings.userId, userId));
      await tx.delete(linkCodes).where(eq(linkCodes.userId, userId));
      // A linked account's username there is a name of theirs too.
      await tx
        .update(messengerIdentities)
        .set({ username: null })
        .where(eq(messengerIdentities.userId, userId));
      await tx.delete(geoPoints).where(eq(geoPoints.userId, userId));
      // The days they opened the app: the season's funnel counts them no more.
      await tx.delete(appOpens).where(eq(appOpens.userId, userId));
      // Their ratings and comments are theirs: they go, and the partners' averages with them.
      await tx.delete(visitRatings).where(eq(visitRatings.userId, userId));
      await tx
        .delete(notifications)
        .where(eq(personOfChat(notifications.messenger, notifications.chatId), userId));
      await tx.delete(rateLimitCounters).where(sql`${rateLimitCounters.key} LIKE ${`%user:${userId}`}`);
      // Messages to others that named them keep their sense, not the name.
      for (const name of [user.username && `@${user.username}`, user.firstName.trim()].filter(Boolean)) {
        await tx
          .update(notifications)
          .set({ text: sql`replace(${notifications.text}, ${name}, ${ERASED_NAME})` })
          .where(sql`strpos(${notifications.text}, ${name}) > 0`);
      }
      await moveAuditIds(tx, userId, moved);
      // They are still here, opening the app: a blank row, as for someone never seen, keeps their
      // next requests working in every process (each remembers users it saw for a while).
      await tx
        .update(users)
        .set({
          username: null,
          firstName: '',
          lastName: null,
          email: null,
          emailConfirmed: null,
          emailStoppedAt: null,
          consentAt: null,
          consentEdition: null,
          isAdmin: false,
          isChatMember: false,
          couponRemindersOff: false,
          inviteCode: null,
          invitedBy: null,
          invitedAt: null,
          membershipCheckedAt: null,
          qrPhotosInChat: true,
          partnerOffersAt: null,
          profileAsOf: sql`'-infinity'::timestamptz`,
          createdAt: sql`now()`,
          lastSeenAt: sql`now()`,
        })
        .where(eq(users.id, userId));
      return freedOffers;
    });
    forgetSeen(userId);
    // Once the erasure is in: a start holds the offer's lock and then waits on the person's row, which
    // this transaction held, so handing over inside it could deadlock with one.
    for (const couponId of freed ?? []) await handOverFreed(db, couponId, waitlist);
  }

  return {
    stateOf,
    giveConsent,
    requireConsent,
    requireReadyToPay,
    setQrPhotosInChat,
    setPartnerOffers,
    exportData,
    erase,
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;

/**
 * Puts the id `to` wherever the audit log names the person `from`: as the actor and in the details.
 * The log is append-only but for this: the transaction that erases a person, or merges one into
 * another (modules/linking), may (the trigger of migration 0011). Inside that transaction.
 */
export async function moveAuditIds(tx: Db, from: number, to: number): Promise<void> {
  await tx.execute(sql`SET LOCAL app.erasing_user = 'on'`);
  const idPattern = `\\m${from}\\M`;
  await tx
    .update(auditEvents)
    .set({
      actorId: sql`CASE WHEN ${auditEvents.actorId} = ${from} THEN ${to} ELSE ${auditEvents.actorId} END`,
      details: sql`regexp_replace(${auditEvents.details}::text, ${idPattern}, ${String(to)}, 'g')::jsonb`,
    })
    .where(or(eq(auditEvents.actorId, from), sql`${auditEvents.details}::text ~ ${idPattern}`));
}

/**
 * Deletes what is kept only for a while: geo points older than `geoRetentionDays`, redeem attempts
 * older than a year (the coupons keep who redeemed them). Plain deletes by age: any number of
 * processes may run it at once.
 */
export async function deleteExpiredData(db: Db, geoRetentionDays: number) {
  const geo = await db
    .delete(geoPoints)
    .where(sql`${geoPoints.ts} < now() - make_interval(days => ${geoRetentionDays})`)
    .returning({ id: geoPoints.id });
  const attempts = await db
    .delete(redemptions)
    .where(sql`${redemptions.createdAt} < now() - interval '1 year'`)
    .returning({ id: redemptions.id });
  return { geoPoints: geo.length, redeemAttempts: attempts.length };
}
