import { z } from 'zod';

/** A partner's rating is shown only from this many visits on: two visits say little. */
export const MIN_RATINGS_SHOWN = 3;

export { RATING_CHANGEABLE_DAYS } from './rating-window.ts';

/** The longest comment kept; a longer one is refused with the limit named, never cut. */
export const RATING_COMMENT_MAX = 1000;
/** Said wherever a comment is refused for its length: the app, the API and the bot. */
export const RATING_COMMENT_TOO_LONG = `Отзыв длиннее ${RATING_COMMENT_MAX} символов: сократите его.`;

/** A partner's visits as their buyers rated them: the mean of 1–5 stars to one decimal, and how many. */
export const ZPartnerRating = z.object({ average: z.number(), count: z.number().int() });
export type TPartnerRating = z.infer<typeof ZPartnerRating>;

const ratingsWord = (count: number) => {
  const lastTwo = count % 100;
  const last = count % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return 'оценок';
  if (last === 1) return 'оценка';
  if (last >= 2 && last <= 4) return 'оценки';
  return 'оценок';
};

/** «4,3 из 5 (12 оценок)»: one decimal with a comma, as Russian writes it, and how many rated. */
export function formatRating({ average, count }: TPartnerRating): string {
  return `${average.toFixed(1).replace('.', ',')} из 5 (${count} ${ratingsWord(count)})`;
}

/** A visit's rating as its buyer gave it (in the app or with the bot's buttons: one record). */
export const ZVisitRating = z.object({
  stars: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
});
export type TVisitRating = z.infer<typeof ZVisitRating>;

/** GET /api/me/ratings/{purchasedCouponId}: the rating so far, and until when it may change. */
export const ZMyVisitRating = z.object({
  rating: ZVisitRating.nullable(),
  /** ISO instant the rating stops being changeable (RATING_CHANGEABLE_DAYS after the visit); null when not redeemed. */
  changeableUntil: z.string().nullable(),
});
export type TMyVisitRating = z.infer<typeof ZMyVisitRating>;

/** PUT /api/me/ratings/{purchasedCouponId}: the stars, and a comment (empty or null: none). */
export const ZRateVisitRequest = z.object({
  stars: z.number().int().min(1).max(5),
  comment: z.string().trim().max(RATING_COMMENT_MAX, RATING_COMMENT_TOO_LONG).nullable().optional(),
});
export type TRateVisitRequest = z.infer<typeof ZRateVisitRequest>;

/** The refusals of rating a visit and of hiding a comment. */
export const RatingErrorCode = {
  ratingNotFound: 'rating_not_found',
  notRedeemed: 'visit_not_redeemed',
  notYours: 'visit_not_yours',
  tooLate: 'rating_too_late',
} as const;
