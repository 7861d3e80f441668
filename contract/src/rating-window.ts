/**
 * A visit may be rated, and the rating changed, for this many days after the redemption. Apart from
 * ratings.ts and its zod schemas: My QR's «Оценить визит» says it without loading zod.
 */
export const RATING_CHANGEABLE_DAYS = 7;
