import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { compareRu } from '#contract/collation';
import {
  PartnerErrorCode,
  type TPartner,
  type TPartnerOption,
  type ZAddPartnerRequest,
} from '#contract/partners';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { partners, users } from '../../db/schema.ts';
import { DomainError } from '../../http/errors.ts';
import type { PartnerRefusal } from './texts.ts';

type PartnerRow = typeof partners.$inferSelect;

const toPartner = (row: PartnerRow): TPartner => ({
  id: row.id,
  region: row.region,
  companyName: row.companyName,
  partnerType: row.partnerType,
  phoneNumber: row.phone,
  address: row.address,
  email: row.email,
  spokesmanNickname: row.spokesmanUsername,
  discountConditions: row.discountConditions,
});

/** `onSpokesmanBound`: a partner added names a spokesman the app knows, who is a partner from now on. */
export function createPartnerService(db: Db, onSpokesmanBound: () => void) {
  async function addPartner(
    input: z.output<typeof ZAddPartnerRequest>,
    createdBy: number,
  ): Promise<TPartner> {
    try {
      const [row] = await db
        .insert(partners)
        .values({
          // A region typed in another case is the same region: it keeps the spelling it was first given,
          // so buyers see it once.
          region: sql`coalesce((SELECT ${partners.region} FROM ${partners} WHERE lower(${partners.region}) = lower(${input.region}) LIMIT 1), ${input.region})`,
          companyName: input.companyName,
          partnerType: input.partnerType,
          phone: input.phoneNumber,
          address: input.address,
          email: input.email,
          spokesmanUsername: input.spokesmanNickname,
          // A spokesman the app has already seen holds the role at once; otherwise at first sight.
          spokesmanUserId: sql`(SELECT ${users.id} FROM ${users} WHERE lower(${users.username}) = ${input.spokesmanNickname.toLowerCase()})`,
          discountConditions: input.discountConditions,
          createdBy,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      if (row.spokesmanUserId !== null) onSpokesmanBound();
      return toPartner(row);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new DomainError<PartnerRefusal>(PartnerErrorCode.partnerExists, {
          companyName: input.companyName,
          region: input.region,
        });
      }
      throw error;
    }
  }

  /** The companies one may request coupons for: a partner their own, an admin all of them. */
  async function listPartnerOptions(caller: { id: number; isAdmin: boolean }): Promise<TPartnerOption[]> {
    const query = db
      .select({ id: partners.id, companyName: partners.companyName, region: partners.region })
      .from(partners)
      .orderBy(asc(partners.id));
    const rows = caller.isAdmin ? await query : await query.where(eq(partners.spokesmanUserId, caller.id));
    return rows.sort((a, b) => compareRu(a.companyName, b.companyName) || compareRu(a.region, b.region));
  }

  return { addPartner, listPartnerOptions };
}

export type PartnerService = ReturnType<typeof createPartnerService>;
