import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CouponRequestErrorCode,
  type TCouponRequest,
  type ZAcceptCouponRequest,
  type ZCouponApplyRequest,
} from '#contract/coupons';
import type { TOfferLimitsInput } from '#contract/offer-limits';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { coupons, partners } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { recordAudit, subjectOf } from '../audit/audit-log.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import type { CouponRequestRefusal } from './texts.ts';

export interface Requester {
  id: number;
  username: string | null;
  isAdmin: boolean;
}

/** The limits given (an absent one is left as it is), as the coupons row stores them. */
function limitValues(limits: TOfferLimitsInput) {
  return {
    ...(limits.quantity !== undefined ? { quantity: limits.quantity } : {}),
    ...(limits.perBuyer !== undefined ? { perBuyer: limits.perBuyer } : {}),
    ...(limits.saleStartsAt !== undefined
      ? { saleStartsAt: limits.saleStartsAt === null ? null : new Date(limits.saleStartsAt) }
      : {}),
  };
}

/** The limits given, for the audit log's details. */
function limitsOf(limits: TOfferLimitsInput) {
  const { quantity, perBuyer, saleStartsAt } = limits;
  return Object.fromEntries(
    Object.entries({ quantity, perBuyer, saleStartsAt }).filter(([, value]) => value !== undefined),
  );
}

const refuse = (code: CouponRequestRefusal) => new DomainError<CouponRequestRefusal>(code);

export function createCouponRequestService(options: {
  db: Db;
  paymentProvider: Config['paymentProvider'];
  notifications: NotificationService;
}) {
  const { db, paymentProvider, notifications } = options;
  /** Finds the company a request is for: by id, or by a name that names exactly one company. */
  async function resolvePartner(input: { partnerId?: number; companyName?: string }) {
    const where =
      input.partnerId !== undefined
        ? eq(partners.id, input.partnerId)
        : sql`lower(${partners.companyName}) = ${(input.companyName ?? '').toLowerCase()}`;
    const rows = await db.select().from(partners).where(where).limit(2);
    if (rows.length === 0) throw refuse(CouponRequestErrorCode.partnerNotFound);
    if (rows.length > 1) {
      throw refuse(CouponRequestErrorCode.partnerAmbiguous);
    }
    return rows[0] as (typeof rows)[number];
  }

  async function applyForCoupon(requester: Requester, input: z.output<typeof ZCouponApplyRequest>) {
    const partner = await resolvePartner(input);
    if (!requester.isAdmin && partner.spokesmanUserId !== requester.id) {
      throw refuse('request_for_own_company_only');
    }
    // The admins' message is queued with the request itself: both are kept, or neither.
    await db.transaction(async (tx) => {
      const [coupon] = await tx
        .insert(coupons)
        .values({
          partnerId: partner.id,
          price: input.price,
          discount: input.discount,
          requestedBy: requester.id,
          ...limitValues(input),
        })
        .returning({ id: coupons.id });
      if (!coupon) throw new Error('insert returned no row');
      await recordAudit(tx, {
        kind: 'offer.requested',
        actorId: requester.id,
        subject: subjectOf.offer(coupon.id),
        details: { partnerId: partner.id, price: input.price, discount: input.discount, ...limitsOf(input) },
      });
      await notifications.notify(
        'COUPON_REQUESTED',
        {
          couponId: coupon.id,
          companyName: partner.companyName,
          price: input.price,
          discount: input.discount,
          requestedBy: { id: requester.id, username: requester.username },
        },
        tx,
      );
    });
  }

  async function listPending(): Promise<TCouponRequest[]> {
    const rows = await db
      .select({
        id: coupons.id,
        partnerId: coupons.partnerId,
        price: coupons.price,
        discount: coupons.discount,
        companyName: partners.companyName,
        region: partners.region,
        quantity: coupons.quantity,
        perBuyer: coupons.perBuyer,
        saleStartsAt: coupons.saleStartsAt,
      })
      .from(coupons)
      .innerJoin(partners, eq(partners.id, coupons.partnerId))
      .where(eq(coupons.status, 'PENDING'))
      .orderBy(asc(coupons.createdAt), asc(coupons.id));
    return rows.map((row) => ({
      ...row,
      saleStartsAt: row.saleStartsAt?.toISOString() ?? null,
      couponId: row.id,
      paymentLinkNeeded: paymentProvider === 'link',
    }));
  }

  /** Decides a pending request once: the conditional update makes a second decision find nothing. */
  async function decide(
    couponId: number,
    adminId: number,
    decision:
      | { status: 'ACCEPTED'; paymentLink: string | null; limits: TOfferLimitsInput }
      | { status: 'REJECTED' },
  ): Promise<void> {
    const decided = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(coupons)
        .set({
          status: decision.status,
          paymentLink: decision.status === 'ACCEPTED' ? decision.paymentLink : null,
          ...(decision.status === 'ACCEPTED' ? limitValues(decision.limits) : {}),
          decidedBy: adminId,
          decidedAt: sql`now()`,
        })
        .where(and(eq(coupons.id, couponId), eq(coupons.status, 'PENDING')))
        .returning({ partnerId: coupons.partnerId, price: coupons.price, discount: coupons.discount });
      if (!updated) return false;
      await recordAudit(tx, {
        kind: decision.status === 'ACCEPTED' ? 'offer.accepted' : 'offer.rejected',
        actorId: adminId,
        subject: subjectOf.offer(couponId),
        details:
          decision.status === 'ACCEPTED'
            ? { paymentLink: decision.paymentLink, ...limitsOf(decision.limits) }
            : {},
      });
      // The admins not yet told of the request hear nothing of it: one of them has decided it.
      await notifications.withdraw(
        'COUPON_REQUESTED',
        couponId,
        'the request was decided before this was sent',
        tx,
      );
      const [partner] = await tx
        .select({ companyName: partners.companyName, spokesmanUserId: partners.spokesmanUserId })
        .from(partners)
        .where(eq(partners.id, updated.partnerId));
      await notifications.notify(
        'REQUEST_DECIDED',
        {
          couponId,
          decision: decision.status,
          partnerUserId: partner?.spokesmanUserId ?? null,
          companyName: partner?.companyName ?? '',
          price: updated.price,
          discount: updated.discount,
        },
        tx,
      );
      return true;
    });
    if (!decided) {
      const [exists] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, couponId));
      throw refuse(exists ? CouponRequestErrorCode.alreadyDecided : 'request_not_found');
    }
  }

  /** The admin's link must be a real https page when buyers pay through it (the `link` provider). */
  function checkPaymentLink(link: string): string | null {
    if (link === '') {
      if (paymentProvider === 'link') throw refuse('payment_link_missing');
      return null;
    }
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      throw refuse('payment_link_not_https');
    }
    if (url.protocol !== 'https:') throw refuse('payment_link_not_https');
    return url.toString();
  }

  return {
    applyForCoupon,
    listPending,
    accept: (input: z.output<typeof ZAcceptCouponRequest>, adminId: number) =>
      decide(input.couponId, adminId, {
        status: 'ACCEPTED',
        paymentLink: checkPaymentLink(input.paymentLink),
        limits: input,
      }),
    reject: (couponId: number, adminId: number) => decide(couponId, adminId, { status: 'REJECTED' }),
  };
}

export type CouponRequestService = ReturnType<typeof createCouponRequestService>;
