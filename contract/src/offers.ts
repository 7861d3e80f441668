import { z } from 'zod';
import { ZDay } from './dates.ts';
import { wholeNumber } from './ids.ts';
import { ZOfferLimitsInput, ZOfferLimitsShown } from './offer-limits.ts';

/** How long a purchased coupon stays valid: a last day, a number of days after purchase, or both. */
export const ZValidity = z.object({
  /** The last day it may be used (Europe/Moscow), e.g. the season's end. */
  validUntil: ZDay.nullable(),
  /** Days after the day of purchase it may still be used. */
  validDays: z.number().int().nullable(),
});
export type TValidity = z.infer<typeof ZValidity>;

export const MAX_VALID_DAYS = 3650;

/** PUT /api/admin/coupons/{couponId}: what an admin may change in an offer; absent fields stay. */
export const ZOfferChangeRequest = ZOfferLimitsInput.extend({
  paymentLink: z.string().trim().max(2000, 'Ссылка длиннее 2000 символов').optional(),
  validUntil: ZDay.nullable().optional(),
  validDays: wholeNumber(
    z
      .number({ message: 'Срок: укажите число дней' })
      .int('Срок: целое число дней')
      .positive('Срок: больше нуля')
      .max(MAX_VALID_DAYS, `Срок: не больше ${MAX_VALID_DAYS} дней`),
  )
    .nullable()
    .optional(),
});
export type TOfferChangeRequest = z.input<typeof ZOfferChangeRequest>;

export const offerChangeTexts = {
  lastDayPast: 'Последний день действия уже прошел: укажите сегодняшний день или позже',
} as const;

/**
 * Why a last day cannot be set on `today` (both `YYYY-MM-DD` in the community's time zone): one
 * already past would be stored with the offer still «В продаже» while no buyer sees it. Today itself
 * is fine: the offer is sold to the end of it.
 */
export const lastDayProblem = (day: string, today: string): string | undefined =>
  day < today ? offerChangeTexts.lastDayPast : undefined;

/**
 * The change as the server takes it, `today` read at each request: a last day given must not be
 * past. Only a day given: an admin changing an expired offer's link, days or limits sends none and
 * keeps the day it had, while putting it back on sale takes a day from today on.
 */
export const offerChangeOn = (today: () => string) =>
  ZOfferChangeRequest.superRefine((change, context) => {
    const problem = change.validUntil ? lastDayProblem(change.validUntil, today()) : undefined;
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['validUntil'] });
  });

/** An offer as the back office sees it: on sale, waiting, refused or withdrawn. */
export const ZOfferState = z.enum(['pending', 'on_sale', 'rejected', 'withdrawn']);
export type TOfferState = z.infer<typeof ZOfferState>;

export const ZAdminOffer = ZValidity.extend(ZOfferLimitsShown.shape).extend({
  id: z.number().int(),
  partnerId: z.number().int(),
  price: z.number().int(),
  discount: z.number().int(),
  state: ZOfferState,
  paymentLink: z.string().nullable(),
  /** Whether buyers pay through the offer's own link (the `link` provider): only then is one asked for. */
  paymentLinkNeeded: z.boolean(),
  /** Why its price and discount do not make a coupon worth buying (stored before that rule); else null. */
  termsProblem: z.string().nullable(),
  /**
   * Coupons sold of it and not given back; units held for payments under way and for people of its
   * line; units left for a buyer outside the line (null when unlimited); people of its line still
   * waiting for a unit.
   */
  sold: z.number().int(),
  held: z.number().int(),
  left: z.number().int().nullable(),
  inLine: z.number().int(),
});
export type TAdminOffer = z.infer<typeof ZAdminOffer>;

/** The `error` codes of changing an offer. */
export const OfferErrorCode = {
  offerNotFound: 'offer_not_found',
  offerNotDecided: 'offer_not_decided',
  offerTermsBroken: 'offer_terms_broken',
  quantityBelowSold: 'quantity_below_sold',
} as const;
