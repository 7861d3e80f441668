import { z } from 'zod';

/**
 * GET, POST /api/offers/{couponId}/waitlist: the caller's place in the line of a sold-out offer.
 * `position` counts those still waiting for a unit, the caller included (1: next); null once a unit
 * is held for the caller (`heldUntil`, an ISO instant, says how long) or when not in the line.
 */
export const ZWaitlistPlace = z.object({
  position: z.number().int().positive().nullable(),
  heldUntil: z.string().nullable(),
});
export type TWaitlistPlace = z.infer<typeof ZWaitlistPlace>;

/** The `error` codes of the line. */
export const WaitlistErrorCode = {
  /** Units are free: the offer is bought, not waited for. */
  notSoldOut: 'not_sold_out',
  /** An offer without a quantity never runs out. */
  unlimited: 'offer_unlimited',
} as const;
