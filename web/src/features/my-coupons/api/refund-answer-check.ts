import type { TRefundResponse } from '#contract/back-office-purchases';
import type { AnswerCheck } from '@/lib/api-client';

const STATUSES = ['REFUNDED', 'REFUND_PENDING'] as const satisfies readonly TRefundResponse['status'][];

/**
 * The answer to a holder's own refund checked against the contract's ZRefundResponse by hand, not
 * with zod: the refund button sits under My QR's QR, and zod's chunk (92 KB unpacked) evaluated
 * beside it was the screen's longest task. refund-answer-check.test.ts holds it to the zod schema.
 */
export const refundAnswerCheck: AnswerCheck<TRefundResponse> = {
  safeParse(value) {
    const status =
      typeof value === 'object' && value !== null ? (value as { status?: unknown }).status : undefined;
    const known = STATUSES.find((name) => name === status);
    return known
      ? { success: true, data: { status: known } }
      : { success: false, error: new TypeError('not a refund answer') };
  },
};
