/**
 * The roles of SPEC §3, apart from session.ts and its zod schemas: the web app's first screen reads
 * a stored role with them without loading zod.
 */
export const ROLES = ['admin', 'partner', 'user'] as const;
export type TRole = (typeof ROLES)[number];
