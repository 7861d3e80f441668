import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  MIN_RATINGS_SHOWN,
  RATING_CHANGEABLE_DAYS,
  RATING_COMMENT_MAX,
  RatingErrorCode,
  type TMyVisitRating,
  type TPartnerRating,
  type TVisitRating,
} from '#contract/ratings';
import type { Db } from '../../db/client.ts';
import { coupons, partners, purchasedCoupons, visitRatings } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { RatingRefusal } from './texts.ts';

export type RateOutcome =
  | { outcome: 'rated'; stars: number; companyName: string; commentAsked: boolean }
  | { outcome: 'not_redeemed' | 'not_yours' | 'too_late' };

/** Still changeable: within RATING_CHANGEABLE_DAYS of the visit. */
const changeable = sql`${purchasedCoupons.redeemedAt} > now() - make_interval(days => ${RATING_CHANGEABLE_DAYS})`;

/**
 * Ratings of visits: only the owner of a coupon a partner redeemed may rate it, once (a second tap
 * changes it), for RATING_CHANGEABLE_DAYS after the visit; a comment may follow. A partner's
 * average is public from MIN_RATINGS_SHOWN ratings on.
 */
export function createRatingService(db: Db) {
  async function rate(userId: number, purchasedCouponId: string, stars: number): Promise<RateOutcome> {
    return db.transaction(async (tx) => {
      const [coupon] = await tx
        .select({
          ownerId: purchasedCoupons.ownerId,
          status: purchasedCoupons.status,
          partnerId: coupons.partnerId,
          companyName: partners.companyName,
          changeable: sql<boolean>`coalesce(${changeable}, false)`,
        })
        .from(purchasedCoupons)
        .innerJoin(coupons, eq(coupons.id, purchasedCoupons.couponId))
        .innerJoin(partners, eq(partners.id, coupons.partnerId))
        .where(eq(purchasedCoupons.id, purchasedCouponId))
        .for('update', { of: purchasedCoupons });
      if (coupon?.status !== 'USED') return { outcome: 'not_redeemed' };
      if (coupon.ownerId !== userId) return { outcome: 'not_yours' };
      if (!coupon.changeable) return { outcome: 'too_late' };
      const [rating] = await tx
        .insert(visitRatings)
        .values({ purchasedCouponId, partnerId: coupon.partnerId, userId, stars })
        .onConflictDoUpdate({
          target: visitRatings.purchasedCouponId,
          set: { stars, updatedAt: sql`now()` },
        })
        .returning({ promptId: visitRatings.commentPromptMessageId });
      return {
        outcome: 'rated',
        stars,
        companyName: coupon.companyName,
        commentAsked: rating?.promptId != null,
      };
    });
  }

  /** The bot's «add a comment» message for this rating: a reply to it becomes the comment. */
  async function rememberCommentPrompt(userId: number, purchasedCouponId: string, messageId: string) {
    await db
      .update(visitRatings)
      .set({ commentPromptMessageId: messageId })
      .where(and(eq(visitRatings.purchasedCouponId, purchasedCouponId), eq(visitRatings.userId, userId)));
  }

  /**
   * A reply to the comment prompt: the comment of that rating while it is changeable; `too_long` over
   * RATING_COMMENT_MAX (kept as it was, not cut); `not_a_comment` when the reply is to no prompt of
   * this user's (an ordinary message) or empty.
   */
  async function comment(
    userId: number,
    promptMessageId: string,
    text: string,
  ): Promise<'saved' | 'too_long' | 'not_a_comment'> {
    const trimmed = text.trim();
    if (!trimmed) return 'not_a_comment';
    const prompted = and(
      eq(visitRatings.userId, userId),
      eq(visitRatings.commentPromptMessageId, promptMessageId),
      sql`EXISTS (SELECT 1 FROM ${purchasedCoupons} WHERE ${purchasedCoupons.id} = ${visitRatings.purchasedCouponId} AND ${changeable})`,
    );
    if (trimmed.length > RATING_COMMENT_MAX) {
      const [asked] = await db.select({ id: visitRatings.id }).from(visitRatings).where(prompted);
      return asked ? 'too_long' : 'not_a_comment';
    }
    const updated = await db
      .update(visitRatings)
      .set({ comment: trimmed, commentHiddenAt: null, updatedAt: sql`now()` })
      .where(prompted)
      .returning({ id: visitRatings.id });
    return updated.length > 0 ? 'saved' : 'not_a_comment';
  }

  /** The owner's rating of a visit, and until when it may change; refused for another's coupon. */
  async function myRating(userId: number, purchasedCouponId: string): Promise<TMyVisitRating> {
    const [row] = await db
      .select({
        ownerId: purchasedCoupons.ownerId,
        status: purchasedCoupons.status,
        changeableUntil: sql<
          string | null
        >`to_char((${purchasedCoupons.redeemedAt} + make_interval(days => ${RATING_CHANGEABLE_DAYS})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
        stars: visitRatings.stars,
        comment: visitRatings.comment,
      })
      .from(purchasedCoupons)
      .leftJoin(visitRatings, eq(visitRatings.purchasedCouponId, purchasedCoupons.id))
      .where(eq(purchasedCoupons.id, purchasedCouponId));
    if (!row || row.ownerId !== userId) throw new DomainError<RatingRefusal>(RatingErrorCode.notYours);
    return {
      rating: row.stars === null ? null : { stars: row.stars, comment: row.comment },
      changeableUntil: row.status === 'USED' ? row.changeableUntil : null,
    };
  }

  /**
   * A rating given in the app: the same record as the bot's buttons write (a second one changes
   * it), with the comment, when one is given, in the same breath; an empty comment removes it.
   */
  async function rateInApp(
    userId: number,
    purchasedCouponId: string,
    given: { stars: number; comment?: string | null },
  ): Promise<TVisitRating> {
    // Someone else's coupon is not theirs to hear about, redeemed or not.
    await myRating(userId, purchasedCouponId);
    const rated = await rate(userId, purchasedCouponId, given.stars);
    if (rated.outcome !== 'rated') {
      const code = {
        not_redeemed: RatingErrorCode.notRedeemed,
        not_yours: RatingErrorCode.notYours,
        too_late: RatingErrorCode.tooLate,
      }[rated.outcome];
      throw new DomainError<RatingRefusal>(code);
    }
    if (given.comment !== undefined) {
      // Trimmed and held to RATING_COMMENT_MAX by the request's schema, which refuses a longer one.
      const comment = given.comment || null;
      await db
        .update(visitRatings)
        .set({ comment, commentHiddenAt: null, updatedAt: sql`now()` })
        .where(and(eq(visitRatings.purchasedCouponId, purchasedCouponId), eq(visitRatings.userId, userId)));
    }
    const { rating } = await myRating(userId, purchasedCouponId);
    if (!rating) throw new DomainError<RatingRefusal>(RatingErrorCode.ratingNotFound);
    return rating;
  }

  /** Each partner's rating among `partnerIds`, for those with MIN_RATINGS_SHOWN ratings or more. */
  async function ratingsOf(partnerIds: readonly number[]): Promise<Map<number, TPartnerRating>> {
    if (partnerIds.length === 0) return new Map();
    const rows = await db
      .select({
        partnerId: visitRatings.partnerId,
        average: sql<string>`avg(${visitRatings.stars})`,
        count: count(),
      })
      .from(visitRatings)
      .where(inArray(visitRatings.partnerId, [...partnerIds]))
      .groupBy(visitRatings.partnerId)
      .having(({ count }) => gte(count, MIN_RATINGS_SHOWN));
    return new Map(
      rows.map((row) => [
        row.partnerId,
        { average: Math.round(Number(row.average) * 10) / 10, count: row.count },
      ]),
    );
  }

  /** An admin hides a comment from the partner's report; the audit log keeps who and when. */
  async function hideComment(adminId: number, ratingId: number): Promise<void> {
    await db.transaction(async (tx) => {
      const [hidden] = await tx
        .update(visitRatings)
        .set({ commentHiddenAt: sql`coalesce(${visitRatings.commentHiddenAt}, now())` })
        .where(eq(visitRatings.id, ratingId))
        .returning({ purchasedCouponId: visitRatings.purchasedCouponId, partnerId: visitRatings.partnerId });
      if (!hidden) throw new DomainError<RatingRefusal>(RatingErrorCode.ratingNotFound);
      await recordAudit(tx, {
        kind: 'rating.comment_hidden',
        actorId: adminId,
        subject: `rating:${ratingId}`,
        details: { purchasedCouponId: hidden.purchasedCouponId, partnerId: hidden.partnerId },
      });
    });
  }

  return { rate, rateInApp, myRating, rememberCommentPrompt, comment, ratingsOf, hideComment };
}

export type RatingService = ReturnType<typeof createRatingService>;
