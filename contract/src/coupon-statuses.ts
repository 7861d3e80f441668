/**
 * What became of a bought coupon, apart from purchases.ts and its zod schemas: the web app checks
 * My QR's list with them without loading zod (My QR's first paint waits for nothing else). EXPIRED is an unused one past its last day;
 * REFUND_PENDING an unused one whose money an admin asked the provider to return, not yet returned.
 */
export const PURCHASED_COUPON_STATUSES = ['NOT_USED', 'USED', 'EXPIRED', 'REFUND_PENDING'] as const;
