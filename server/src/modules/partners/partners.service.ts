import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TAdminPartner } from '#contract/back-office-partners';
import { compareRu } from '#contract/collation';
import { CouponRequestErrorCode } from '#contract/coupons';
import {
  PartnerErrorCode,
  type TPartner,
  type TPartnerOption,
  type ZAddPartnerRequest,
} from '#contract/partners';
import type { TPartnerRating } from '#contract/ratings';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { coupons, partnerStaff, partners, users } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { recordAudit, subjectOf } from '../audit/audit-log.ts';
import { stockOf, toAdminOffer } from '../offers/offers.api.ts';
import type { PartnerRefusal } from './texts.ts';

type PartnerRow = typeof partners.$inferSelect;

const toPartner = (row: PartnerRow): TPartner => ({
  id: row.id,
  region: row.region,
  companyName: row.companyName,
  partnerType: row.partnerType,
  phoneNumber: row.phone,
  address: row.address,
  email: row.email,
  spokesmanNickname: row.spokesmanUsername,
  inn: row.inn,
  discountConditions: row.discountConditions,
});

type PartnerInput = z.output<typeof ZAddPartnerRequest>;

/** A region typed in another case is the same region: it keeps the spelling it was first given, so buyers see it once. */
const sameRegion = (region: string, except?: number) =>
  sql`coalesce((SELECT ${partners.region} FROM ${partners} WHERE lower(${partners.region}) = lower(${region})${except === undefined ? sql`` : sql` AND ${partners.id} <> ${except}`} LIMIT 1), ${region})`;

/**
 * A spokesman the app has already seen holds the role at once; otherwise at first sight. The admin
 * names a Telegram username: the only messenger the app is opened from so far.
 */
const userIdOf = (username: string) =>
  sql`(SELECT ${users.id} FROM ${users} WHERE ${users.messenger} = 'telegram' AND lower(${users.username}) = ${username.toLowerCase()})`;

/**
 * `innRequired`: sales are made as the partners' agent (receipts name them). `forgetRoles`: a change
 * here may make someone a partner or staff, or stop them being one; roles are read afresh.
 */
export function createPartnerService(
  db: Db,
  options: {
    innRequired: boolean;
    /** The `link` provider: each offer has a payment link of its own (toAdminOffer). */
    paymentLinkNeeded: boolean;
    forgetRoles: () => void;
    /** Each partner's visit rating, when it has enough ratings to show (ratings.service.ts). */
    ratingsOf: (partnerIds: readonly number[]) => Promise<Map<number, TPartnerRating>>;
  },
) {
  /** Sales made as the partner's agent name it on every receipt: then its ИНН is needed. */
  const requireInn = (input: PartnerInput) => {
    if (options.innRequired && !input.inn) throw new DomainError<PartnerRefusal>('inn_required');
  };

  const refuseDuplicate = (input: PartnerInput) => (error: unknown) => {
    if (isUniqueViolation(error)) {
      throw new DomainError<PartnerRefusal>(PartnerErrorCode.partnerExists, {
        companyName: input.companyName,
        region: input.region,
      });
    }
    throw error;
  };

  async function addPartner(input: PartnerInput, createdBy: number): Promise<TPartner> {
    requireInn(input);
    return db
      .transaction(async (tx) => {
        const [row] = await tx
          .insert(partners)
          .values({
            region: sameRegion(input.region),
            companyName: input.companyName,
            partnerType: input.partnerType,
            phone: input.phoneNumber,
            address: input.address,
            email: input.email,
            spokesmanUsername: input.spokesmanNickname,
            spokesmanUserId: userIdOf(input.spokesmanNickname),
            inn: input.inn,
            discountConditions: input.discountConditions,
            createdBy,
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        await recordAudit(tx, {
          kind: 'partner.added',
          actorId: createdBy,
          subject: subjectOf.partner(row.id),
        });
        return toPartner(row);
      })
      .catch(refuseDuplicate(input))
      .finally(options.forgetRoles);
  }

  /**
   * Changes a partner's fields, validated as when it was added. A new spokesman username drops the
   * old binding (ADR 0004): the new one is bound now if the app knows them, else at first sight.
   */
  async function editPartner(partnerId: number, input: PartnerInput, editedBy: number): Promise<TPartner> {
    requireInn(input);
    return db
      .transaction(async (tx) => {
        const [before] = await tx.select().from(partners).where(eq(partners.id, partnerId)).for('update');
        if (!before) throw new DomainError(CouponRequestErrorCode.partnerNotFound);
        const spokesmanChanged =
          before.spokesmanUsername.toLowerCase() !== input.spokesmanNickname.toLowerCase();
        const [row] = await tx
          .update(partners)
          .set({
            region: sameRegion(input.region, partnerId),
            companyName: input.companyName,
            partnerType: input.partnerType,
            phone: input.phoneNumber,
            address: input.address,
            email: input.email,
            spokesmanUsername: input.spokesmanNickname,
            ...(spokesmanChanged ? { spokesmanUserId: userIdOf(input.spokesmanNickname) } : {}),
            inn: input.inn,
            discountConditions: input.discountConditions,
          })
          .where(eq(partners.id, partnerId))
          .returning();
        if (!row) throw new Error('update returned no row');
        const after = toPartner(row);
        const changed = Object.keys(after).filter(
          (key) =>
            JSON.stringify(after[key as keyof TPartner]) !==
            JSON.stringify(toPartner(before)[key as keyof TPartner]),
        );
        await recordAudit(tx, {
          kind: 'partner.edited',
          actorId: editedBy,
          subject: subjectOf.partner(partnerId),
          details: { changed },
        });
        return after;
      })
      .catch(refuseDuplicate(input))
      .finally(options.forgetRoles);
  }

  /** Pauses or resumes a partner; false when it was already so (nothing recorded twice). */
  async function setPaused(partnerId: number, paused: boolean, adminId: number): Promise<void> {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(partners)
        .set({ pausedAt: paused ? sql`now()` : null })
        .where(
          and(eq(partners.id, partnerId), paused ? isNull(partners.pausedAt) : isNotNull(partners.pausedAt)),
        )
        .returning({ id: partners.id });
      if (row) {
        await recordAudit(tx, {
          kind: paused ? 'partner.paused' : 'partner.resumed',
          actorId: adminId,
          subject: subjectOf.partner(partnerId),
        });
        return;
      }
      const [exists] = await tx.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId));
      if (!exists) throw new DomainError(CouponRequestErrorCode.partnerNotFound);
    });
  }

  /** Every partner with its status, staff and offers, for the admin's screen. */
  async function listForAdmin(): Promise<TAdminPartner[]> {
    const [rows, staff, offers] = await Promise.all([
      db.select().from(partners),
      db.select().from(partnerStaff).orderBy(asc(partnerStaff.createdAt), asc(partnerStaff.username)),
      db.select().from(coupons).orderBy(asc(coupons.price), asc(coupons.id)),
    ]);
    const [ratings, stock] = await Promise.all([
      options.ratingsOf(rows.map((row) => row.id)),
      stockOf(
        db,
        offers.filter((offer) => offer.status === 'ACCEPTED').map((offer) => offer.id),
      ),
    ]);
    return rows
      .sort((a, b) => compareRu(a.companyName, b.companyName) || compareRu(a.region, b.region))
      .map((row) => ({
        ...toPartner(row),
        status: row.pausedAt ? ('paused' as const) : ('active' as const),
        staff: staff.filter((member) => member.partnerId === row.id).map((member) => member.username),
        offers: offers
          .filter((offer) => offer.partnerId === row.id)
          .map((offer) => toAdminOffer(offer, options.paymentLinkNeeded, stock.get(offer.id))),
        rating: ratings.get(row.id) ?? null,
      }));
  }

  /** The companies one may request coupons for: a partner their own, an admin all of them. */
  async function listPartnerOptions(caller: { id: number; isAdmin: boolean }): Promise<TPartnerOption[]> {
    const query = db
      .select({ id: partners.id, companyName: partners.companyName, region: partners.region })
      .from(partners)
      .orderBy(asc(partners.id));
    const rows = caller.isAdmin ? await query : await query.where(eq(partners.spokesmanUserId, caller.id));
    return rows.sort((a, b) => compareRu(a.companyName, b.companyName) || compareRu(a.region, b.region));
  }

  /** Replaces a partner's staff list; each name binds at first sight, or now if the app knows it. */
  async function setStaff(partnerId: number, usernames: string[], actorId: number): Promise<void> {
    await db.transaction(async (tx) => {
      const [partner] = await tx
        .select({ id: partners.id })
        .from(partners)
        .where(eq(partners.id, partnerId))
        .for('update');
      if (!partner) throw new DomainError(CouponRequestErrorCode.partnerNotFound);
      const before = await tx.select().from(partnerStaff).where(eq(partnerStaff.partnerId, partnerId));
      const wanted = new Set(usernames.map((name) => name.toLowerCase()));
      const kept = new Set(before.map((member) => member.username.toLowerCase()));
      const removed = before.filter((member) => !wanted.has(member.username.toLowerCase()));
      const added = usernames.filter((name) => !kept.has(name.toLowerCase()));
      if (removed.length > 0) {
        await tx.delete(partnerStaff).where(
          and(
            eq(partnerStaff.partnerId, partnerId),
            inArray(
              sql`lower(${partnerStaff.username})`,
              removed.map((member) => member.username.toLowerCase()),
            ),
          ),
        );
      }
      if (added.length > 0) {
        await tx
          .insert(partnerStaff)
          .values(
            added.map((username) => ({ partnerId, username, userId: userIdOf(username), addedBy: actorId })),
          );
      }
      if (removed.length > 0 || added.length > 0) {
        await recordAudit(tx, {
          kind: 'staff.changed',
          actorId,
          subject: subjectOf.partner(partnerId),
          details: { added, removed: removed.map((member) => member.username) },
        });
      }
    });
    options.forgetRoles();
  }

  return { addPartner, editPartner, setPaused, listForAdmin, setStaff, listPartnerOptions };
}

export type PartnerService = ReturnType<typeof createPartnerService>;
