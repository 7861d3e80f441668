/**
 * What became of a bought coupon, apart from purchases.ts and its zod schemas: the web app checks
 * My QR's list with them without loading zod (issue 14). EXPIRED is an unused one past its last day.
 */
export const PURCHASED_COUPON_STATUSES = ['NOT_USED', 'USED', 'EXPIRED'] as const;
