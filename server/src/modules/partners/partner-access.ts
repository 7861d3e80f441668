import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { partnerStaff, partners } from '../../db/schema.ts';

/**
 * Which companies a user acts for: as a spokesman (who may also request coupons and manage staff)
 * or as staff (who may scan, redeem, undo and read the report). Admins act for every company;
 * callers check that first.
 */
export function createPartnerAccess(db: Db) {
  /** The partners a user scans, redeems and reads reports for. */
  async function partnerIdsOf(userId: number): Promise<number[]> {
    const [own, staffed] = await Promise.all([
      db.select({ id: partners.id }).from(partners).where(eq(partners.spokesmanUserId, userId)),
      db.select({ id: partnerStaff.partnerId }).from(partnerStaff).where(eq(partnerStaff.userId, userId)),
    ]);
    return [...new Set([...own, ...staffed].map((row) => row.id))];
  }

  async function isSpokesmanOf(userId: number, partnerId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: partners.id })
      .from(partners)
      .where(and(eq(partners.id, partnerId), eq(partners.spokesmanUserId, userId)));
    return row !== undefined;
  }

  return { partnerIdsOf, isSpokesmanOf, staffOf: (partnerId: number) => staffOf(db, partnerId) };
}

/** The staff usernames of a partner, in the order they were added. */
export async function staffOf(db: Db, partnerId: number): Promise<string[]> {
  const rows = await db
    .select({ username: partnerStaff.username })
    .from(partnerStaff)
    .where(eq(partnerStaff.partnerId, partnerId))
    .orderBy(partnerStaff.createdAt, partnerStaff.username);
  return rows.map((row) => row.username);
}

export type PartnerAccess = ReturnType<typeof createPartnerAccess>;
