import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TOfflineKit, TSyncResponse, ZSyncRequest } from '#contract/offline';
import type { Db } from '../../db/client.ts';
import {
  coupons,
  offlineRedemptions,
  partners,
  purchasedCoupons,
  retiredQrTokens,
  users,
} from '../../db/schema.ts';
import { recordAudit, subjectOf } from '../audit/audit-log.ts';
import type { ClosingReceipts } from '../closing-receipts/closing-receipts.service.ts';
import type { CouponSigner } from '../coupon-signing/coupon-signer.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { changeCoupon, refusalOf } from '../purchased-coupons/coupon-state.ts';
import {
  couponLineOf,
  joinPurchasedCoupon,
  redeemers,
} from '../purchased-coupons/purchased-coupons.query.ts';
import { couponStateOf, visibleStateNow } from '../purchased-coupons/visible-state.ts';
import { ratingKeyboard } from '../ratings/rating-buttons.ts';
import { displayName } from '../users/display-name.ts';
import type { Redeemer } from './redemption.service.ts';
import { offlineTexts } from './texts.ts';

type SyncItem = z.output<typeof ZSyncRequest>['redemptions'][number];
type Outcome = TSyncResponse['results'][number];

/** How far back a device's clock may date a redemption it kept, and how far ahead. */
const OLDEST_OFFLINE_MS = 14 * 24 * 3600_000;
const CLOCK_SKEW_MS = 10 * 60_000;

/**
 * Redeeming at the riverbank with no signal: the kit a partner's device checks coupons
 * with, and the sync of what it redeemed meanwhile. Each redemption is answered once, by its nonce;
 * one whose coupon was used, gifted or refunded in between is a conflict, told to the admins.
 */
export function createOfflineRedemptionService(options: {
  db: Db;
  signer: Pick<CouponSigner, 'publicKeys'>;
  notifications: Pick<NotificationService, 'notifyOfflineConflict' | 'askVisitRating'>;
  /** The «зачет предоплаты» receipt an applied redemption owes. */
  closingReceipts: Pick<ClosingReceipts, 'redeemed'>;
  timeZone: string;
}) {
  const { db, signer, notifications, closingReceipts, timeZone } = options;

  /**
   * Tokens of these partners' coupons that are no longer valid, whatever their printed signature
   * says: every visible state that redeems nothing but EXPIRED (used, refunded, void, held, a
   * refund under way), and every QR a gift replaced. An expired one's QR prints its last day, which
   * the device checks first: left out, the list stays small.
   */
  async function revokedTokens(partnerIds: readonly number[] | 'all'): Promise<string[]> {
    const ofPartners = partnerIds === 'all' ? undefined : inArray(coupons.partnerId, [...partnerIds, -1]);
    const [spent, replaced] = await Promise.all([
      db
        .select({ token: purchasedCoupons.qrToken })
        .from(purchasedCoupons)
        .innerJoin(coupons, eq(coupons.id, purchasedCoupons.couponId))
        .where(and(sql`${visibleStateNow} NOT IN ('NOT_USED', 'EXPIRED')`, ofPartners)),
      db
        .select({ token: retiredQrTokens.qrToken })
        .from(retiredQrTokens)
        .innerJoin(purchasedCoupons, eq(purchasedCoupons.id, retiredQrTokens.purchasedCouponId))
        .innerJoin(coupons, eq(coupons.id, purchasedCoupons.couponId))
        .where(ofPartners),
    ]);
    return [...spent, ...replaced].map((row) => row.token);
  }

  /** The companies a QR names by `pid` alone, as their partner's screen shows them. */
  const companies = (partnerIds: readonly number[] | 'all') =>
    db
      .select({
        id: partners.id,
        companyName: partners.companyName,
        region: partners.region,
        address: partners.address,
      })
      .from(partners)
      .where(partnerIds === 'all' ? undefined : inArray(partners.id, [...partnerIds, -1]))
      .orderBy(partners.id);

  async function kit(redeemer: Redeemer): Promise<TOfflineKit> {
    const asOf = new Date().toISOString();
    const whose = redeemer.isAdmin ? 'all' : redeemer.partnerIds;
    const [publicKeys, revoked, named] = await Promise.all([
      signer.publicKeys(),
      revokedTokens(whose),
      companies(whose),
    ]);
    return {
      publicKeys,
      revoked,
      partnerIds: redeemer.isAdmin ? null : [...redeemer.partnerIds],
      partners: named,
      timeZone,
      asOf,
    };
  }

  /**
   * The coupon a token names now, its company, and why it cannot be redeemed as of `asOf` (the
   * moment the device redeemed it), as the state machine says (refusalOf).
   */
  async function currentOf(executor: Db, token: string, asOf: Date) {
    const named = executor
      .select({
        id: purchasedCoupons.id,
        status: purchasedCoupons.status,
        expiresAt: purchasedCoupons.expiresAt,
        refundRequestedAt: purchasedCoupons.refundRequestedAt,
        refundedAt: purchasedCoupons.refundedAt,
        redeemedAt: purchasedCoupons.redeemedAt,
        partnerId: coupons.partnerId,
        redeemerUsername: redeemers.username,
        redeemerFirstName: redeemers.firstName,
      })
      .from(purchasedCoupons)
      .$dynamic();
    const [row] = await joinPurchasedCoupon(named).where(eq(purchasedCoupons.qrToken, token));
    return row && { ...row, refusal: refusalOf(couponStateOf(row, asOf), 'redeem') };
  }

  /**
   * Why an offline redemption of this coupon cannot stand: who used it and when, or what became of
   * it. An expired or held coupon is no conflict: the device should not have taken it.
   */
  async function conflictOf(
    executor: Db,
    token: string,
    current: Awaited<ReturnType<typeof currentOf>>,
  ): Promise<{ purchasedCouponId: string; what: string } | undefined> {
    if (current?.refusal === 'USED') {
      const who =
        current.redeemerFirstName === null
          ? offlineTexts.someone
          : displayName({ username: current.redeemerUsername, firstName: current.redeemerFirstName });
      return {
        purchasedCouponId: current.id,
        what: offlineTexts.usedBy(who, current.redeemedAt ?? new Date(), timeZone),
      };
    }
    if (current?.refusal === 'REFUNDED' || current?.refusal === 'VOID') {
      return { purchasedCouponId: current.id, what: offlineTexts.refunded };
    }
    if (current?.refusal === 'REFUND_PENDING') {
      return { purchasedCouponId: current.id, what: offlineTexts.refunding };
    }
    const [retired] = await executor
      .select({ id: retiredQrTokens.purchasedCouponId, at: retiredQrTokens.retiredAt })
      .from(retiredQrTokens)
      .where(eq(retiredQrTokens.qrToken, token));
    return retired
      ? { purchasedCouponId: retired.id, what: offlineTexts.giftedAway(retired.at, timeZone) }
      : undefined;
  }

  async function syncOne(redeemer: Redeemer, item: SyncItem): Promise<Outcome> {
    const [seen] = await db.select().from(offlineRedemptions).where(eq(offlineRedemptions.nonce, item.nonce));
    if (seen)
      return { nonce: item.nonce, outcome: 'duplicate', ...(seen.message ? { message: seen.message } : {}) };

    const redeemedAt = new Date(item.redeemedAt);
    const age = Date.now() - redeemedAt.getTime();
    return db.transaction(async (tx) => {
      // The nonce row first: a second sync of the same nonce waits here and then finds it.
      const [claimed] = await tx
        .insert(offlineRedemptions)
        .values({
          nonce: item.nonce,
          qrToken: item.qrToken,
          userId: redeemer.id,
          redeemedAt,
          outcome: 'refused',
        })
        .onConflictDoNothing()
        .returning({ nonce: offlineRedemptions.nonce });
      if (!claimed) return { nonce: item.nonce, outcome: 'duplicate' as const };
      const finish = async (
        outcome: 'applied' | 'conflict' | 'refused',
        message?: string,
        couponId?: string,
      ) => {
        await tx
          .update(offlineRedemptions)
          .set({ outcome, message: message ?? null, purchasedCouponId: couponId ?? null })
          .where(eq(offlineRedemptions.nonce, item.nonce));
        return { nonce: item.nonce, outcome, ...(message ? { message } : {}) };
      };
      if (age > OLDEST_OFFLINE_MS || age < -CLOCK_SKEW_MS) return finish('refused', offlineTexts.badTime);

      const actor = redeemer.isAdmin
        ? ({ kind: 'admin', id: redeemer.id } as const)
        : ({ kind: 'partner', id: redeemer.id } as const);
      const [redeemed] = await changeCoupon(
        tx,
        'redeem',
        actor,
        { qrToken: item.qrToken },
        { redeemedAt },
        { asOf: redeemedAt },
      );
      if (redeemed) {
        await recordAudit(tx, {
          kind: 'coupon.redeemed',
          actorId: redeemer.id,
          subject: subjectOf.purchase(redeemed.id),
          details: { offline: true, nonce: item.nonce, redeemedAt: item.redeemedAt },
        });
        await closingReceipts.redeemed(tx, redeemed.id);
        const line = await couponLineOf(tx, redeemed.id);
        if (line) {
          await notifications.askVisitRating(
            {
              purchasedCouponId: redeemed.id,
              ownerId: redeemed.ownerId,
              coupon: line,
              keyboard: ratingKeyboard(redeemed.id),
            },
            tx,
          );
        }
        return finish('applied', undefined, redeemed.id);
      }
      const current = await currentOf(tx, item.qrToken, redeemedAt);
      const conflict = await conflictOf(tx, item.qrToken, current);
      if (!conflict) {
        if (!current || !(redeemer.isAdmin || redeemer.partnerIds.includes(current.partnerId)))
          return finish('refused', offlineTexts.notYours);
        return finish(
          'refused',
          current.refusal === 'EXPIRED' ? offlineTexts.expired : offlineTexts.notRedeemable,
        );
      }
      const [own] = await tx
        .select({ partnerId: coupons.partnerId })
        .from(purchasedCoupons)
        .innerJoin(coupons, eq(coupons.id, purchasedCoupons.couponId))
        .where(eq(purchasedCoupons.id, conflict.purchasedCouponId));
      if (!redeemer.isAdmin && !redeemer.partnerIds.includes(own?.partnerId ?? -1)) {
        return finish('refused', offlineTexts.notYours);
      }
      await recordAudit(tx, {
        kind: 'coupon.offline_conflict',
        actorId: redeemer.id,
        subject: subjectOf.purchase(conflict.purchasedCouponId),
        details: { nonce: item.nonce, redeemedAt: item.redeemedAt, what: conflict.what },
      });
      const line = await couponLineOf(tx, conflict.purchasedCouponId);
      const [me] = await tx.select().from(users).where(eq(users.id, redeemer.id));
      if (line) {
        await notifications.notifyOfflineConflict(
          { nonce: item.nonce, partner: displayName(me), coupon: line, what: conflict.what },
          tx,
        );
      }
      return finish('conflict', conflict.what, conflict.purchasedCouponId);
    });
  }

  /** Answers every item; the same nonce sent again is a duplicate with its first answer's message. */
  async function sync(redeemer: Redeemer, items: SyncItem[]): Promise<TSyncResponse> {
    const results: Outcome[] = [];
    for (const item of items) results.push(await syncOne(redeemer, item));
    return { results };
  }

  return { kit, sync };
}

export type OfflineRedemptionService = ReturnType<typeof createOfflineRedemptionService>;
