import { PURCHASED_COUPON_STATUSES } from '#contract/coupon-statuses';
import type { TMyCoupon } from '#contract/purchases';
import { type AnswerCheck, listCheck } from '@/lib/api-client';

function toMyCoupon(value: unknown): TMyCoupon | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, qrImageUrl, companyName, discount, region, status, expiresAt, refundAmount } = value as Record<
    string,
    unknown
  >;
  const known = PURCHASED_COUPON_STATUSES.find((name) => name === status);
  const valid =
    typeof id === 'string' &&
    typeof qrImageUrl === 'string' &&
    typeof companyName === 'string' &&
    Number.isSafeInteger(discount) &&
    typeof region === 'string' &&
    (expiresAt === null || typeof expiresAt === 'string') &&
    (refundAmount === undefined || refundAmount === null || Number.isSafeInteger(refundAmount));
  // Only the contract's fields, as zod's object keeps them.
  return valid && known
    ? {
        id,
        qrImageUrl,
        companyName,
        discount: discount as number,
        region,
        status: known,
        expiresAt,
        refundAmount: (refundAmount as number | null | undefined) ?? null,
      }
    : undefined;
}

/**
 * My QR's list checked against the contract's ZMyCouponsResponse by hand, not with zod: the list is
 * My QR's largest paint, and zod's chunk would come before it (24 KB and its start-up on a
 * phone). my-coupons-check.test.ts holds it to the zod schema.
 */
export const myCouponsCheck: AnswerCheck<TMyCoupon[]> = listCheck(toMyCoupon, 'My QR coupons');
