import { and, asc, eq, exists, type SQL, sql } from 'drizzle-orm';
import { compareRu } from '#contract/collation';
import type { TOffer } from '#contract/coupons';
import { PARTNER_TYPES, type TListedPartner, type TPartnerType } from '#contract/partners';
import type { TPartnerRating } from '#contract/ratings';
import type { Db } from '../../db/client.ts';
import { coupons, partners } from '../../db/schema.ts';
import { offerOnSale } from './on-sale.ts';

/**
 * What a buyer can choose from (SPEC §2 Buy coupon): only partners with accepted coupons, and only
 * the regions and types that have such partners.
 */
export function createCatalogueService(
  db: Db,
  timeZone: string,
  /** Each partner's visit rating, when it has enough ratings to show (ratings.service.ts). */
  ratingsOf: (partnerIds: readonly number[]) => Promise<Map<number, TPartnerRating>>,
) {
  const onSaleNow = offerOnSale(timeZone);
  const onSale = exists(
    db
      .select({ id: coupons.id })
      .from(coupons)
      .where(and(eq(coupons.partnerId, partners.id), onSaleNow)),
  );

  const nonEmpty = (value: string) => value.trim() !== '';
  const inRegion = (region: string) => sql`lower(${partners.region}) = lower(${region})`;

  async function listRegions(): Promise<string[]> {
    const rows = await db.selectDistinct({ region: partners.region }).from(partners).where(onSale);
    return rows
      .map((row) => row.region)
      .filter(nonEmpty)
      .sort(compareRu);
  }

  async function listTypes(region: string): Promise<TPartnerType[]> {
    const rows = await db
      .selectDistinct({ type: partners.partnerType })
      .from(partners)
      .where(and(inRegion(region), onSale));
    const present = new Set(rows.map((row) => row.type));
    return PARTNER_TYPES.filter((type) => present.has(type));
  }

  async function listPartners(region: string, type?: TPartnerType): Promise<TListedPartner[]> {
    const conditions: SQL[] = [inRegion(region), onSale];
    if (type) conditions.push(eq(partners.partnerType, type));
    const rows = await db
      .select({
        id: partners.id,
        companyName: partners.companyName,
        discountConditions: partners.discountConditions,
      })
      .from(partners)
      .where(and(...conditions));
    const listed = rows.filter((row) => nonEmpty(row.companyName));
    const ratings = await ratingsOf(listed.map((row) => row.id));
    return listed
      .map((row) => ({ ...row, rating: ratings.get(row.id) ?? null }))
      .sort((a, b) => compareRu(a.companyName, b.companyName));
  }

  async function listOffers(partnerId: number): Promise<TOffer[]> {
    return db
      .select({
        id: coupons.id,
        discount: coupons.discount,
        price: coupons.price,
        paymentLink: coupons.paymentLink,
        validUntil: coupons.validUntil,
        validDays: coupons.validDays,
      })
      .from(coupons)
      .innerJoin(partners, eq(partners.id, coupons.partnerId))
      .where(and(eq(coupons.partnerId, partnerId), onSaleNow))
      .orderBy(asc(coupons.price), asc(coupons.id));
  }

  return { listRegions, listTypes, listPartners, listOffers };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
