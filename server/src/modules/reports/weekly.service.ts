import { sql } from 'drizzle-orm';
import { compareRu } from '#contract/collation';
import type { TPartnerRating } from '#contract/ratings';
import {
  type TSeasonResponse,
  type TWeekFigures,
  type TWeeklyOffer,
  type TWeeklyReport,
  WEEK_FIGURES,
} from '#contract/reports';
import { everyWeekOf } from '#contract/weeks';
import type { Db } from '../../db/client.ts';
import { isInStateNow } from '../purchased-coupons/visible-state.ts';
import { limitedOffersOf } from './limited-offers.ts';
import { inPartnerChunks } from './partner-chunks.ts';
import type { Period } from './reports.service.ts';

type Figures = Omit<TWeekFigures, 'week'>;

const NONE: Figures = {
  sold: 0,
  redeemed: 0,
  refunded: 0,
  expired: 0,
  takenSum: 0,
  refundedSum: 0,
  discountSum: 0,
};

const plus = (a: Figures, b: Figures): Figures =>
  Object.fromEntries(WEEK_FIGURES.map((key) => [key, a[key] + b[key]])) as Figures;

const byWeek = (a: { week: string }, b: { week: string }) => a.week.localeCompare(b.week);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const ids = (partnerIds: readonly number[]) =>
  sql.join(
    [...partnerIds, -1].map((id) => sql`${id}`),
    sql`, `,
  );

interface OfferWeekRow {
  coupon_id: number;
  partner_id: number;
  company_name: string;
  discount: number;
  price: number;
  week: string;
  sold: number;
  redeemed: number;
  refunded: number;
  expired: number;
  taken_sum: number;
  refunded_sum: number;
  discount_sum: number;
}

/**
 * The reports' figures week by week (Monday to Sunday in `timeZone`), counted as settlement counts
 * them: sold when paid, redeemed when used, refunded when refunded or voided, expired at the
 * expiry of a coupon nobody used, refunded nor voided before it. Only the period's days count.
 */
export function createWeeklyFigures(
  db: Db,
  timeZone: string,
  ratingsOf: (partnerIds: readonly number[]) => Promise<Map<number, TPartnerRating>>,
) {
  const start = (period: Period) => sql`(${period.from}::date)::timestamp AT TIME ZONE ${timeZone}`;
  const end = (period: Period) => sql`(${period.to}::date + 1)::timestamp AT TIME ZONE ${timeZone}`;

  /**
   * Per offer and week, the offers' figures (only weeks with something in them), read a few
   * partners at a time, stepping aside between them: on PGlite, which answers one statement at a
   * time in this process, a season of every partner at once kept everyone else waiting for seconds.
   */
  const offerWeeks = (period: Period, partnerIds: readonly number[]): Promise<OfferWeekRow[]> =>
    inPartnerChunks(partnerIds, (chunk) => offerWeeksOf(period, chunk));

  async function offerWeeksOf(period: Period, partnerIds: readonly number[]): Promise<OfferWeekRow[]> {
    const result = await db.execute(sql`
      WITH coupon_events AS (
        -- purchased_coupons unaliased: the visible state (visible-state.ts) names its columns so.
        SELECT purchased_coupons.coupon_id, p.amount AS price, c.discount, purchased_coupons.purchased_at,
          CASE WHEN ${isInStateNow('USED')} THEN purchased_coupons.redeemed_at END AS redeemed_at,
          coalesce(purchased_coupons.refunded_at, CASE WHEN purchased_coupons.status = 'VOID' THEN (
            SELECT min(a.at) FROM audit_events a
            WHERE a.subject = 'purchase:' || purchased_coupons.id::text AND a.kind = 'coupon.voided') END) AS refunded_at,
          CASE WHEN purchased_coupons.expires_at <= now()
            AND (purchased_coupons.status IN ('NOT_USED', 'HELD') OR (purchased_coupons.status = 'REFUNDED'
              AND purchased_coupons.refunded_at >= purchased_coupons.expires_at))
            THEN purchased_coupons.expires_at END AS expired_at
        FROM purchased_coupons
        JOIN coupons c ON c.id = purchased_coupons.coupon_id
        JOIN payments p ON p.id = purchased_coupons.payment_id
        WHERE c.partner_id IN (${ids(partnerIds)})
      ),
      events AS (
        SELECT coupon_id, purchased_at AS at, 1 AS sold, 0 AS redeemed, 0 AS refunded, 0 AS expired,
          price AS taken_sum, 0 AS refunded_sum, 0 AS discount_sum FROM coupon_events
        UNION ALL SELECT coupon_id, redeemed_at, 0, 1, 0, 0, 0, 0, discount
          FROM coupon_events WHERE redeemed_at IS NOT NULL
        UNION ALL SELECT coupon_id, refunded_at, 0, 0, 1, 0, 0, price, 0
          FROM coupon_events WHERE refunded_at IS NOT NULL
        UNION ALL SELECT coupon_id, expired_at, 0, 0, 0, 1, 0, 0, 0
          FROM coupon_events WHERE expired_at IS NOT NULL
      )
      SELECT e.coupon_id, c.partner_id, pa.company_name, c.discount, c.price,
        to_char(date_trunc('week', e.at AT TIME ZONE ${timeZone}), 'YYYY-MM-DD') AS week,
        sum(e.sold)::int AS sold, sum(e.redeemed)::int AS redeemed, sum(e.refunded)::int AS refunded,
        sum(e.expired)::int AS expired, sum(e.taken_sum)::int AS taken_sum,
        sum(e.refunded_sum)::int AS refunded_sum, sum(e.discount_sum)::int AS discount_sum
      FROM events e
      JOIN coupons c ON c.id = e.coupon_id
      JOIN partners pa ON pa.id = c.partner_id
      WHERE e.at >= ${start(period)} AND e.at < ${end(period)}
      GROUP BY e.coupon_id, c.partner_id, pa.company_name, c.discount, c.price, week`);
    return rowsOf<OfferWeekRow>(result);
  }

  const figuresOf = (row: OfferWeekRow): Figures => ({
    sold: row.sold,
    redeemed: row.redeemed,
    refunded: row.refunded,
    expired: row.expired,
    takenSum: row.taken_sum,
    refundedSum: row.refunded_sum,
    discountSum: row.discount_sum,
  });

  /** Every week of the period, the figures of `rows` summed into each (zeros where none). */
  function everyWeek(period: Period, rows: readonly OfferWeekRow[]): TWeekFigures[] {
    const byWeek = new Map<string, Figures>();
    for (const row of rows) byWeek.set(row.week, plus(byWeek.get(row.week) ?? NONE, figuresOf(row)));
    return everyWeekOf(
      period,
      [...byWeek].map(([week, figures]) => ({ week, ...figures })),
    );
  }

  /**
   * The period week by week, all the partners' offers together and each offer with anything in it,
   * and every limited offer on sale with its units now (its weeks empty when nothing happened).
   */
  async function weekly(period: Period, partnerIds: readonly number[]): Promise<TWeeklyReport> {
    const rows = await offerWeeks(period, partnerIds);
    const byOffer = new Map<number, OfferWeekRow[]>();
    for (const row of rows) byOffer.set(row.coupon_id, [...(byOffer.get(row.coupon_id) ?? []), row]);
    const limited = new Map(
      (await limitedOffersOf(db, timeZone, partnerIds, [...byOffer.keys()])).map((offer) => [
        offer.couponId,
        offer,
      ]),
    );
    const offers: TWeeklyOffer[] = [...byOffer.values()].map((own) => {
      const first = own[0] as OfferWeekRow;
      return {
        couponId: first.coupon_id,
        partnerId: first.partner_id,
        companyName: first.company_name,
        discount: first.discount,
        price: first.price,
        weeks: own.map((row) => ({ week: row.week, ...figuresOf(row) })).sort(byWeek),
        stock: limited.get(first.coupon_id)?.stock ?? null,
      };
    });
    for (const offer of limited.values())
      if (!byOffer.has(offer.couponId)) offers.push({ ...offer, weeks: [] });
    offers.sort(
      (a, b) => compareRu(a.companyName, b.companyName) || b.discount - a.discount || a.couponId - b.couponId,
    );
    return { weeks: everyWeek(period, rows), offers };
  }

  /**
   * The admin's season: every partner's weeks and totals, the partners ranked by coupons used (then
   * by rating), and how many people opened the app, bought and had a coupon used in the period.
   */
  async function season(period: Period): Promise<TSeasonResponse> {
    const partnerRows = rowsOf<{ id: number; company_name: string; region: string }>(
      await db.execute(sql`SELECT id, company_name, region FROM partners`),
    );
    const rows = await offerWeeks(
      period,
      partnerRows.map((row) => row.id),
    );
    const weeks = everyWeek(period, rows);
    const totals = weeks.reduce<Figures>((sum, { week: _, ...figures }) => plus(sum, figures), NONE);
    const redeemedBy = new Map<number, number>();
    for (const row of rows)
      redeemedBy.set(row.partner_id, (redeemedBy.get(row.partner_id) ?? 0) + row.redeemed);
    const ratings = await ratingsOf(partnerRows.map((row) => row.id));
    const partners = partnerRows
      .map((row) => ({
        partnerId: row.id,
        companyName: row.company_name,
        region: row.region,
        redeemed: redeemedBy.get(row.id) ?? 0,
        rating: ratings.get(row.id) ?? null,
      }))
      .sort(
        (a, b) =>
          b.redeemed - a.redeemed ||
          (b.rating?.average ?? 0) - (a.rating?.average ?? 0) ||
          compareRu(a.companyName, b.companyName),
      );
    const [funnel] = rowsOf<{ opened: number; bought: number; redeemed: number }>(
      await db.execute(sql`SELECT
        (SELECT count(DISTINCT user_id) FROM app_opens
          WHERE day BETWEEN ${period.from}::date AND ${period.to}::date)::int AS opened,
        (SELECT count(DISTINCT p.user_id) FROM purchased_coupons pc JOIN payments p ON p.id = pc.payment_id
          WHERE pc.purchased_at >= ${start(period)} AND pc.purchased_at < ${end(period)})::int AS bought,
        (SELECT count(DISTINCT purchased_coupons.owner_id) FROM purchased_coupons
          WHERE ${isInStateNow('USED')} AND purchased_coupons.redeemed_at >= ${start(period)}
            AND purchased_coupons.redeemed_at < ${end(period)})::int AS redeemed`),
    );
    return { totals, weeks, partners, funnel: funnel ?? { opened: 0, bought: 0, redeemed: 0 } };
  }

  return { weekly, season };
}

export type WeeklyFigures = ReturnType<typeof createWeeklyFigures>;
