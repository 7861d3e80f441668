import type { THeldGift } from '#contract/gifts';
import { type AnswerCheck, listCheck } from '@/lib/api-client';

function toHeldGift(value: unknown): THeldGift | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { giftId, purchasedCouponId, toUsername, createdAt } = value as Record<string, unknown>;
  // Only the contract's fields, as zod's object keeps them.
  return Number.isSafeInteger(giftId) &&
    typeof purchasedCouponId === 'string' &&
    typeof toUsername === 'string' &&
    typeof createdAt === 'string'
    ? { giftId: giftId as number, purchasedCouponId, toUsername, createdAt }
    : undefined;
}

/**
 * The held gifts under My QR and the answer to taking one back, checked against the contract's
 * ZHeldGiftsResponse and ZOkResponse by hand, not with zod: they load once My QR's QR are drawn, and
 * zod's chunk (92 KB unpacked) evaluated there was the screen's longest task on a phone.
 * held-gifts-check.test.ts holds both to the zod schemas.
 */
export const heldGiftsCheck: AnswerCheck<THeldGift[]> = listCheck(toHeldGift, 'held gifts');

export const okCheck: AnswerCheck<'ok'> = {
  safeParse: (value) =>
    value === 'ok' ? { success: true, data: 'ok' } : { success: false, error: new TypeError('not «ok»') },
};
