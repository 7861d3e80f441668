import { z } from 'zod';
import { wholeNumber } from './ids.ts';

/** The most coupons one offer may give away in all, and one person may buy of it. */
export const MAX_OFFER_QUANTITY = 100_000;
export const MAX_PER_BUYER = 100;

export const offerLimitTexts = {
  quantity: 'Количество: целое число от 1 до 100\u00a0000',
  perBuyer: `В одни руки: целое число от 1 до ${MAX_PER_BUYER}`,
  saleStartsAt: 'Начало продажи: укажите дату и время',
} as const;

/**
 * A sale's start typed in a form (`datetime-local`, Moscow's wall clock) as an instant, and back.
 * Moscow has kept UTC+3 all year since 2014, so the offset is fixed.
 */
export const moscowWallClockToIso = (local: string): string => new Date(`${local}:00+03:00`).toISOString();
export const isoToMoscowWallClock = (iso: string): string =>
  new Date(Date.parse(iso) + 3 * 3600_000).toISOString().slice(0, 16);

const count = (max: number, message: string) =>
  wholeNumber(z.number({ message }).int(message).min(1, message).max(max, message));

/**
 * An offer's limits, each optional (none: unlimited, as every offer was before): how many coupons in
 * all, how many one person may buy, and the instant before which it shows but is not sold.
 */
export const ZOfferLimits = z.object({
  quantity: count(MAX_OFFER_QUANTITY, offerLimitTexts.quantity).nullable(),
  perBuyer: count(MAX_PER_BUYER, offerLimitTexts.perBuyer).nullable(),
  saleStartsAt: z.iso.datetime({ offset: true, message: offerLimitTexts.saleStartsAt }).nullable(),
});
export type TOfferLimits = z.infer<typeof ZOfferLimits>;

/** The limits as an answer gives them (a response schema: no input's coercion). */
export const ZOfferLimitsShown = z.object({
  quantity: z.number().int().nullable(),
  perBuyer: z.number().int().nullable(),
  saleStartsAt: z.string().nullable(),
});

/** The limits in a request or a change: an absent one is none (a request) or unchanged (a change). */
export const ZOfferLimitsInput = ZOfferLimits.partial();
export type TOfferLimitsInput = z.output<typeof ZOfferLimitsInput>;
