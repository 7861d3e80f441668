/**
 * The roles of SPEC §3 and the back office, apart from session.ts and its zod schemas: the web
 * app's first screen reads a stored role with them without loading zod. `staff` may scan, redeem
 * and undo for one partner and read its report, but not request coupons.
 */
export const ROLES = ['admin', 'partner', 'staff', 'user'] as const;
export type TRole = (typeof ROLES)[number];
