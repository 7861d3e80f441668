import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { couponTermsProblem } from '#contract/coupon-terms';
import { OfferErrorCode, type TAdminOffer, type ZOfferChangeRequest } from '#contract/offers';
import type { Db } from '../../db/client.ts';
import { coupons } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { recordAudit, subjectOf } from '../audit/audit-log.ts';
import { toAdminOffer } from './admin-offer.ts';
import { takenForChange } from './holds.ts';
import { serveLine, type WaitlistPolicy } from './line.ts';
import { stockOf } from './stock.ts';
import type { OfferRefusal } from './texts.ts';

const refuse = (code: OfferRefusal) => new DomainError<OfferRefusal>(code);

/** An accepted offer over the season: withdrawn and reopened, its link and validity changed. */
export function createOfferService(
  db: Db,
  options: {
    paymentLinkNeeded: boolean;
    /** A quantity raised frees units: the offer's line gets them first. */
    waitlist: WaitlistPolicy;
  },
) {
  /** Why an offer was not changed: it does not exist, or it is not accepted; undefined when it is. */
  async function whyUnchanged(offerId: number): Promise<OfferRefusal | undefined> {
    const [row] = await db.select({ status: coupons.status }).from(coupons).where(eq(coupons.id, offerId));
    if (!row) return OfferErrorCode.offerNotFound;
    return row.status === 'ACCEPTED' ? undefined : OfferErrorCode.offerNotDecided;
  }

  /** An offer stored before the rule that a coupon costs less than it saves is never sold again. */
  async function refuseBrokenTerms(offerId: number): Promise<void> {
    const [row] = await db
      .select({ price: coupons.price, discount: coupons.discount })
      .from(coupons)
      .where(eq(coupons.id, offerId));
    if (row && couponTermsProblem(row.price, row.discount)) throw refuse(OfferErrorCode.offerTermsBroken);
  }

  /**
   * Withdraws an accepted offer or reopens it. Already so: nothing changes and nothing is recorded.
   * Coupons sold from it stay valid either way.
   */
  async function setWithdrawn(offerId: number, withdrawn: boolean, adminId: number): Promise<void> {
    if (!withdrawn) await refuseBrokenTerms(offerId);
    const changed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(coupons)
        .set({ withdrawnAt: withdrawn ? sql`now()` : null })
        .where(
          and(
            eq(coupons.id, offerId),
            eq(coupons.status, 'ACCEPTED'),
            withdrawn ? isNull(coupons.withdrawnAt) : isNotNull(coupons.withdrawnAt),
          ),
        )
        .returning({ id: coupons.id });
      if (row) {
        await recordAudit(tx, {
          kind: withdrawn ? 'offer.withdrawn' : 'offer.reopened',
          actorId: adminId,
          subject: subjectOf.offer(offerId),
        });
      }
      return row !== undefined;
    });
    const why = changed ? undefined : await whyUnchanged(offerId);
    if (why) throw refuse(why);
  }

  /** Changes an accepted offer's payment link and validity; coupons already sold keep their expiry. */
  async function changeOffer(
    offerId: number,
    change: z.output<typeof ZOfferChangeRequest>,
    adminId: number,
  ): Promise<TAdminOffer> {
    const values = {
      ...(change.paymentLink !== undefined ? { paymentLink: change.paymentLink || null } : {}),
      ...(change.validUntil !== undefined ? { validUntil: change.validUntil } : {}),
      ...(change.validDays !== undefined ? { validDays: change.validDays } : {}),
      ...(change.quantity !== undefined ? { quantity: change.quantity } : {}),
      ...(change.perBuyer !== undefined ? { perBuyer: change.perBuyer } : {}),
      ...(change.saleStartsAt !== undefined
        ? { saleStartsAt: change.saleStartsAt === null ? null : new Date(change.saleStartsAt) }
        : {}),
    };
    const accepted = and(eq(coupons.id, offerId), eq(coupons.status, 'ACCEPTED'));
    const updated = await db.transaction(async (tx) => {
      if (Object.keys(values).length === 0) return (await tx.select().from(coupons).where(accepted))[0];
      if (typeof change.quantity === 'number') {
        const taken = await takenForChange(tx, offerId);
        if (change.quantity < taken) {
          throw new DomainError<OfferRefusal>(OfferErrorCode.quantityBelowSold, { sold: taken });
        }
      }
      const [row] = await tx.update(coupons).set(values).where(accepted).returning();
      if (row && typeof change.quantity === 'number') {
        await serveLine(tx, { offerId, quantity: change.quantity }, options.waitlist);
      }
      if (row) {
        await recordAudit(tx, {
          kind: 'offer.changed',
          actorId: adminId,
          subject: subjectOf.offer(offerId),
          details: values,
        });
      }
      return row;
    });
    if (!updated) throw refuse((await whyUnchanged(offerId)) ?? OfferErrorCode.offerNotDecided);
    return toAdminOffer(updated, options.paymentLinkNeeded, (await stockOf(db, [offerId])).get(offerId));
  }

  return { setWithdrawn, changeOffer };
}

export type OfferService = ReturnType<typeof createOfferService>;
