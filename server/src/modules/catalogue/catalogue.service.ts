import { and, asc, eq, exists, type SQL, sql } from 'drizzle-orm';
import { compareRu } from '#contract/collation';
import type { TOffer } from '#contract/coupons';
import { dayIn } from '#contract/date-time';
import { PARTNER_TYPES, type TListedPartner, type TPartnerType } from '#contract/partners';
import type { TPartnerRating } from '#contract/ratings';
import type { Database } from '../../db/client.ts';
import { coupons, partners } from '../../db/schema.ts';
import { leftOf, offerOnSale, stockOf } from '../offers/offers.api.ts';
import { createCatalogueVersion } from './catalogue-version.ts';

/** Raised whenever an answer of the catalogue changes shape: a tag of an older shape then never matches. */
const CATALOGUE_SHAPE = 3;
/** More lists than this kept (a region is whatever a caller types): they are dropped, to be read again. */
const MAX_KEPT = 2_000;

/** A list as a read answers it: its tag (equal tags, equal lists), and the list itself. */
export interface CatalogueView<T> {
  tag: string;
  list(): Promise<T>;
}

/**
 * What a buyer can choose from (SPEC §2 Buy coupon): only partners with accepted coupons, and only
 * the regions and types that have such partners.
 *
 * Every buyer's first open reads it, a whole chat at once after a post: each list is read from the
 * database once per version of the catalogue (migration 0021's triggers raise it with every change)
 * and day (an offer's last valid day passes at midnight with no change at all), then answered from
 * memory, and a browser's copy is confirmed by the tag alone.
 */
export async function createCatalogueService(
  database: Pick<Database, 'db' | 'listen' | 'statementName'>,
  timeZone: string,
  /** Each partner's visit rating, when it has enough ratings to show (ratings.service.ts). */
  ratingsOf: (partnerIds: readonly number[]) => Promise<Map<number, TPartnerRating>>,
) {
  const { db } = database;
  const currentVersion = await createCatalogueVersion(database);
  const kept = new Map<string, { tag: string; list: Promise<unknown> }>();

  function view<T>(key: string, read: () => Promise<T>) {
    return async (): Promise<CatalogueView<T>> => {
      // The day before the version: a list read after both is at least as new as its tag says.
      const day = dayIn(timeZone, new Date());
      const tag = `W/"catalogue.${CATALOGUE_SHAPE}.${await currentVersion()}.${day}"`;
      return {
        tag,
        list: () => {
          const known = kept.get(key);
          if (known?.tag === tag) return known.list as Promise<T>;
          const list = read();
          if (kept.size >= MAX_KEPT && !kept.has(key)) kept.clear();
          kept.set(key, { tag, list });
          list.catch(() => {
            if (kept.get(key)?.list === list) kept.delete(key);
          });
          return list;
        },
      };
    };
  }

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
    const rows = await db
      .select({
        id: coupons.id,
        discount: coupons.discount,
        price: coupons.price,
        paymentLink: coupons.paymentLink,
        validUntil: coupons.validUntil,
        validDays: coupons.validDays,
        quantity: coupons.quantity,
        perBuyer: coupons.perBuyer,
        saleStartsAt: coupons.saleStartsAt,
      })
      .from(coupons)
      .innerJoin(partners, eq(partners.id, coupons.partnerId))
      .where(and(eq(coupons.partnerId, partnerId), onSaleNow))
      .orderBy(asc(coupons.price), asc(coupons.id));
    return rows.map((row) => ({
      ...row,
      left: null,
      saleStartsAt: row.saleStartsAt?.toISOString() ?? null,
    }));
  }

  /**
   * A partner's offers with what is left of the limited ones, read live: every hold and sale changes
   * it and none of them the catalogue's version, so the tag carries the counts too.
   */
  async function offersWithStock(partnerId: number): Promise<CatalogueView<TOffer[]>> {
    const kept = await view(`offers\u0000${partnerId}`, () => listOffers(partnerId))();
    const offers = await kept.list();
    const limited = offers.filter((offer) => offer.quantity !== null).map((offer) => offer.id);
    if (limited.length === 0) return kept;
    const stock = await stockOf(db, limited);
    const list = offers.map((offer) => ({ ...offer, left: leftOf(offer.quantity, stock.get(offer.id)) }));
    const counts = list.map((offer) => offer.left ?? '-').join('.');
    return { tag: `${kept.tag.slice(0, -1)}.${counts}"`, list: async () => list };
  }

  // Keys of their own per list: a region and a type are what the caller typed, checked by the routes.
  return {
    regions: view('regions', listRegions),
    types: (region: string) => view(`types\u0000${region}`, () => listTypes(region))(),
    partners: (region: string, type?: TPartnerType) =>
      view(`partners\u0000${region}\u0000${type ?? ''}`, () => listPartners(region, type))(),
    offers: offersWithStock,
  };
}

export type CatalogueService = Awaited<ReturnType<typeof createCatalogueService>>;
