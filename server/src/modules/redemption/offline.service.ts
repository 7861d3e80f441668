import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TOfflineKit, TSyncResponse, ZSyncRequest } from '#contract/offline';
import type { TScanStatus } from '#contract/redemption';
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
import type { CouponSigner } from '../coupon-signing/coupon-signer.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { couponLineOf } from '../purchased-coupons/purchased-coupons.query.ts';
import { scanStatusOf } from '../purchased-coupons/token-coupon.ts';
import { visibleStateNow } from '../purchased-coupons/visible-state.ts';
import { displayName } from '../users/display-name.ts';
import type { Redeeming, RedeemOutcome, Redemption } from './redeem.ts';
import { companiesOf, type Redeemer } from './redeemer.ts';
import { offlineTexts } from './texts.ts';

type SyncItem = z.output<typeof ZSyncRequest>['redemptions'][number];
type Outcome = TSyncResponse['results'][number];

/** How far back a device's clock may date a redemption it kept, and how far ahead. */
const OLDEST_OFFLINE_MS = 14 * 24 * 3600_000;
const CLOCK_SKEW_MS = 10 * 60_000;

/**
 * Redeeming at the riverbank with no signal: the kit a partner's device checks coupons
 * with, and the sync of what it redeemed meanwhile. Each redemption is answered once, by its nonce,
 * and made by the one redeem operation (redeem.ts), as of its moment; the sync only maps what that
 * answers to applied, duplicate, conflict or refused. One whose coupon was used, gifted or refunded
 * in between is a conflict, told to the admins.
 */
export function createOfflineRedemptionService(options: {
  db: Db;
  signer: Pick<CouponSigner, 'publicKeys'>;
  /** The one redeem operation: a synced redemption is checked and takes effect as an online one. */
  redeeming: Pick<Redeeming, 'redeemIn' | 'committed'>;
  notifications: NotificationService;
  timeZone: string;
}) {
  const { db, signer, redeeming, notifications, timeZone } = options;

  /**
   * Tokens of these partners' coupons that are no longer valid, whatever their printed signature
   * says: every visible state that redeems nothing but EXPIRED (used, refunded, void, held, a
   * refund under way), and every QR a gift replaced; and, by place, what became of those not used,
   * as a scan names it. An expired one's QR prints its last day, which the device checks first:
   * left out, the list stays small.
   */
  async function revokedTokens(
    partnerIds: readonly number[] | 'all',
  ): Promise<Required<Pick<TOfflineKit, 'revoked' | 'revokedWhy'>>> {
    const ofPartners = partnerIds === 'all' ? undefined : inArray(coupons.partnerId, [...partnerIds, -1]);
    const [spent, replaced] = await Promise.all([
      db
        .select({ token: purchasedCoupons.qrToken, state: visibleStateNow })
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
    const dead = [
      ...spent.map((row) => ({ token: row.token, status: scanStatusOf(row.state) })),
      ...replaced.map((row) => ({ token: row.token, status: 'GIFTED_AWAY' as const })),
    ];
    const revokedWhy: Partial<Record<TScanStatus, number[]>> = {};
    for (const [place, { status }] of dead.entries()) {
      if (status === 'USED') continue;
      const places = revokedWhy[status] ?? [];
      places.push(place);
      revokedWhy[status] = places;
    }
    return { revoked: dead.map((row) => row.token), revokedWhy };
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
    const whose = companiesOf(redeemer);
    const [publicKeys, { revoked, revokedWhy }, named] = await Promise.all([
      signer.publicKeys(),
      revokedTokens(whose),
      companies(whose),
    ]);
    return {
      publicKeys,
      revoked,
      revokedWhy,
      partnerIds: whose === 'all' ? null : [...whose],
      partners: named,
      timeZone,
      asOf,
    };
  }

  /**
   * What a device is told of a redemption the one redeem operation refused: a conflict, told to
   * the admins, when the coupon was used, refunded, void, its refund under way or its QR replaced
   * by a gift since; refused when it was never the caller's to redeem, or expired or held as a gift
   * at the moment (the device should not have taken it).
   */
  function answerOf(refused: Extract<RedeemOutcome, { outcome: 'refused' }>): {
    outcome: 'conflict' | 'refused';
    message: string;
  } {
    // Said as such: a partner told only «not valid» would take the coupon for a fake.
    if (refused.result === 'OTHER_COMPANY') return { outcome: 'refused', message: offlineTexts.otherCompany };
    const { coupon } = refused;
    // No coupon told: the token was never issued.
    if (!coupon) return { outcome: 'refused', message: offlineTexts.unknown };
    switch (coupon.status) {
      case 'NOT_USED':
        // Refused though redeemable: only the owner's membership refuses so, asked of no offline one.
        return { outcome: 'refused', message: offlineTexts.notRedeemable };
      case 'USED':
        return {
          outcome: 'conflict',
          message: offlineTexts.usedBy(
            coupon.redeemedBy ?? offlineTexts.someone,
            coupon.redeemedAt ?? new Date(),
            timeZone,
          ),
        };
      case 'REFUNDED':
      case 'VOID':
        return { outcome: 'conflict', message: offlineTexts.refunded };
      case 'REFUND_PENDING':
        return { outcome: 'conflict', message: offlineTexts.refunding };
      case 'GIFTED_AWAY':
        return coupon.giftedAwayAt
          ? { outcome: 'conflict', message: offlineTexts.giftedAway(coupon.giftedAwayAt, timeZone) }
          : { outcome: 'refused', message: offlineTexts.notRedeemable };
      case 'EXPIRED':
        return { outcome: 'refused', message: offlineTexts.expired };
    }
  }

  async function syncOne(redeemer: Redeemer, item: SyncItem): Promise<Outcome> {
    const [seen] = await db.select().from(offlineRedemptions).where(eq(offlineRedemptions.nonce, item.nonce));
    if (seen)
      return { nonce: item.nonce, outcome: 'duplicate', ...(seen.message ? { message: seen.message } : {}) };

    const redeemedAt = new Date(item.redeemedAt);
    const age = Date.now() - redeemedAt.getTime();
    let redeemed: Redemption | undefined;
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
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

      const done = await redeeming.redeemIn(tx, {
        token: item.qrToken,
        redeemer,
        at: redeemedAt,
        nonce: item.nonce,
      });
      if (done.outcome === 'redeemed') {
        redeemed = done.redemption;
        return finish('applied', undefined, done.redemption.purchasedCouponId);
      }
      const answer = answerOf(done);
      const couponId = done.coupon?.purchasedCouponId;
      if (answer.outcome === 'refused' || !couponId) return finish('refused', answer.message, couponId);

      await recordAudit(tx, {
        kind: 'coupon.offline_conflict',
        actorId: redeemer.id,
        subject: subjectOf.purchase(couponId),
        details: { nonce: item.nonce, redeemedAt: item.redeemedAt, what: answer.message },
      });
      const line = await couponLineOf(tx, couponId);
      const [me] = await tx.select().from(users).where(eq(users.id, redeemer.id));
      if (line) {
        await notifications.notify(
          'OFFLINE_CONFLICT',
          { nonce: item.nonce, partner: displayName(me), coupon: line, what: answer.message },
          tx,
        );
      }
      return finish('conflict', answer.message, couponId);
    });
    if (redeemed) redeeming.committed(redeemed);
    return outcome;
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
