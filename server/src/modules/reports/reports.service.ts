import { and, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { compareRu } from '#contract/collation';
import type { TPartnerOption } from '#contract/partners';
import type { TPartnerRating } from '#contract/ratings';
import {
  REDEMPTION_ROWS_SHOWN,
  type TAuditEvent,
  type TAuditKind,
  type TRedemptionReport,
  type TSettlementRow,
} from '#contract/reports';
import type { Db } from '../../db/client.ts';
import {
  auditEvents,
  closingReceipts,
  coupons,
  partners,
  payments,
  purchasedCoupons,
  users,
  visitRatings,
} from '../../db/schema.ts';
import { stepAside } from '../../queueing/step-aside.ts';
import { withinDays } from '../admin-purchases/period.ts';
import { owners, redeemers } from '../purchased-coupons/purchased-coupons.query.ts';
import { isInStateNow } from '../purchased-coupons/visible-state.ts';
import { displayName } from '../users/display-name.ts';
import { nameAuditSubjects, nameDetails, subjectsInDetails } from './audit-subjects.ts';
import { inPartnerChunks } from './partner-chunks.ts';
import { createWeeklyFigures } from './weekly.service.ts';

const MAX_AUDIT_ROWS = 5000;
/** Rows an export reads at a time. */
const EXPORT_PAGE_ROWS = 250;

/**
 * Where a page of a newest-first list ended: its last row's time as the database has it (to the
 * microsecond, as it orders by it: a Date would cut it to milliseconds) and its id.
 */
interface PageEnd<Id> {
  pageKey: string;
  id: Id;
}

/** Reads a newest-first list a page at a time, each page after the last row of the one before. */
async function* pagesOf<Row, Id>(
  read: (after?: PageEnd<Id>) => Promise<Row[]>,
  endOf: (row: Row) => PageEnd<Id>,
  pageRows: number,
): AsyncGenerator<Row[]> {
  let after: PageEnd<Id> | undefined;
  for (;;) {
    await stepAside();
    const page = await read(after);
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (!last || page.length < pageRows) return;
    after = endOf(last);
  }
}

export interface Period {
  from: string;
  to: string;
}

/**
 * Redemptions, settlement, their weeks, the season and the audit log for a period of days (counted
 * in `timeZone`); `ratingsOf` ranks the season's partners.
 */
export function createReportService(
  db: Db,
  timeZone: string,
  ratingsOf: (partnerIds: readonly number[]) => Promise<Map<number, TPartnerRating>> = async () => new Map(),
) {
  const { weekly, season } = createWeeklyFigures(db, timeZone, ratingsOf);

  /** The partners whose report a caller may read: every one for an admin, else their own. */
  async function reportablePartners(partnerIds: readonly number[] | 'all'): Promise<TPartnerOption[]> {
    const rows = await db
      .select({ id: partners.id, companyName: partners.companyName, region: partners.region })
      .from(partners)
      .where(partnerIds === 'all' ? undefined : inArray(partners.id, [...partnerIds, -1]));
    return rows.sort((a, b) => compareRu(a.companyName, b.companyName) || compareRu(a.region, b.region));
  }

  /** Coupons of these partners used in the period (an undone use is not one). */
  const usedIn = (period: Period, partnerIds: readonly number[]) =>
    and(
      isInStateNow('USED'),
      isNotNull(purchasedCoupons.redeemedAt),
      inArray(coupons.partnerId, [...partnerIds, -1]),
      withinDays(purchasedCoupons.redeemedAt, timeZone, period.from, period.to),
    );

  /**
   * Coupons used in the period, newest first: the page after `after` (the last row of the page
   * before), at most `limit` rows.
   */
  async function redemptionRows(
    period: Period,
    partnerIds: readonly number[],
    page: { limit: number; after?: PageEnd<string> },
  ) {
    // The people, the rating and the closing receipt are looked up for the page's rows alone: joined,
    // they made eight relations whose order the planner searched on every page (16–18 ms of planning
    // against 3–7 ms of execution, on PGlite, where nobody else's statement runs meanwhile).
    const lookUp = <C extends AnyPgColumn>(
      column: C,
      from: PgTable,
      where: SQL,
      value: SQL = sql`${column}`,
    ) => sql<C['_']['data'] | null>`(${db.select({ value }).from(from).where(where)})`.mapWith(column);
    const ownerOf = eq(owners.id, purchasedCoupons.ownerId);
    const redeemerOf = eq(redeemers.id, purchasedCoupons.redeemedBy);
    const ratingOf = eq(visitRatings.purchasedCouponId, purchasedCoupons.id);
    const query = db
      .select({
        redeemedAt: purchasedCoupons.redeemedAt,
        pageKey: sql<string>`${purchasedCoupons.redeemedAt}::text`,
        purchasedCouponId: purchasedCoupons.id,
        companyName: partners.companyName,
        discount: coupons.discount,
        price: payments.amount,
        ownerUsername: lookUp(owners.username, owners, ownerOf),
        ownerFirstName: lookUp(owners.firstName, owners, ownerOf),
        redeemerUsername: lookUp(redeemers.username, redeemers, redeemerOf),
        redeemerFirstName: lookUp(redeemers.firstName, redeemers, redeemerOf),
        ratingId: lookUp(visitRatings.id, visitRatings, ratingOf),
        rating: lookUp(visitRatings.stars, visitRatings, ratingOf),
        comment: lookUp(
          visitRatings.comment,
          visitRatings,
          ratingOf,
          sql`CASE WHEN ${visitRatings.commentHiddenAt} IS NULL THEN ${visitRatings.comment} END`,
        ),
        closingReceipt: lookUp(
          closingReceipts.status,
          closingReceipts,
          eq(closingReceipts.purchasedCouponId, purchasedCoupons.id),
        ),
      })
      .from(purchasedCoupons)
      .innerJoin(payments, eq(payments.id, purchasedCoupons.paymentId))
      .innerJoin(coupons, eq(coupons.id, purchasedCoupons.couponId))
      .innerJoin(partners, eq(partners.id, coupons.partnerId))
      .where(
        and(
          usedIn(period, partnerIds),
          page.after
            ? sql`(${purchasedCoupons.redeemedAt}, ${purchasedCoupons.id}) < (${page.after.pageKey}::timestamptz, ${page.after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(purchasedCoupons.redeemedAt), desc(purchasedCoupons.id))
      .limit(page.limit);
    const rows = await query;
    return rows.map((row) => ({
      pageKey: row.pageKey,
      redeemedAt: (row.redeemedAt as Date).toISOString(),
      purchasedCouponId: row.purchasedCouponId,
      companyName: row.companyName,
      discount: row.discount,
      price: row.price,
      buyer: displayName({ username: row.ownerUsername, firstName: row.ownerFirstName }),
      redeemedBy:
        row.redeemerFirstName === null
          ? '—'
          : displayName({ username: row.redeemerUsername, firstName: row.redeemerFirstName }),
      rating: row.rating,
      comment: row.comment,
      ratingId: row.ratingId,
      closingReceipt: row.closingReceipt,
    }));
  }

  /**
   * Coupons used in the period: the newest REDEMPTION_ROWS_SHOWN (a screen lists no more; the
   * export has every one) and the totals of all of them.
   */
  async function redemptions(period: Period, partnerIds: readonly number[]): Promise<TRedemptionReport> {
    const [rows, chunks] = await Promise.all([
      redemptionRows(period, partnerIds, { limit: REDEMPTION_ROWS_SHOWN }),
      inPartnerChunks(partnerIds, (chunk) =>
        db
          .select({
            count: sql<number>`count(*)::int`,
            discountSum: sql<number>`coalesce(sum(${coupons.discount}), 0)::int`,
            priceSum: sql<number>`coalesce(sum(${payments.amount}), 0)::int`,
          })
          .from(purchasedCoupons)
          .innerJoin(coupons, eq(coupons.id, purchasedCoupons.couponId))
          .innerJoin(payments, eq(payments.id, purchasedCoupons.paymentId))
          .where(usedIn(period, chunk)),
      ),
    ]);
    const totals = { count: 0, discountSum: 0, priceSum: 0 };
    for (const chunk of chunks) {
      totals.count += chunk.count;
      totals.discountSum += chunk.discountSum;
      totals.priceSum += chunk.priceSum;
    }
    return { rows: rows.map(({ pageKey: _, ...row }) => row), totals };
  }

  /** The rows of `redemptions`, a page at a time: an export holds one page in memory, not the period. */
  const redemptionPages = (period: Period, partnerIds: readonly number[], pageRows = EXPORT_PAGE_ROWS) =>
    pagesOf(
      (after?: PageEnd<string>) => redemptionRows(period, partnerIds, { limit: pageRows, after }),
      (row) => ({ pageKey: row.pageKey, id: row.purchasedCouponId }),
      pageRows,
    );

  /**
   * What each partner is owed for a period: coupons sold, used and refunded (or voided) in it, and
   * those still open at its end (sold, not used, refunded, voided or expired by then). Sums are of
   * prices paid.
   */
  async function settlement(period: Period): Promise<TSettlementRow[]> {
    const end = sql`(${period.to}::date + 1)::timestamp AT TIME ZONE ${timeZone}`;
    const inPeriod = (column: Parameters<typeof withinDays>[0]) =>
      withinDays(column, timeZone, period.from, period.to);
    const voidedIn = sql`EXISTS (SELECT 1 FROM ${auditEvents} WHERE ${auditEvents.subject} = 'purchase:' || ${purchasedCoupons.id}::text
      AND ${auditEvents.kind} = 'coupon.voided' AND ${inPeriod(auditEvents.at)})`;
    const counted = (condition: ReturnType<typeof sql>) => ({
      count: sql<number>`count(*) FILTER (WHERE ${condition})::int`,
      sum: sql<number>`coalesce(sum(${payments.amount}) FILTER (WHERE ${condition}), 0)::int`,
    });
    const sold = counted(inPeriod(purchasedCoupons.purchasedAt));
    const redeemed = counted(sql`${isInStateNow('USED')} AND ${inPeriod(purchasedCoupons.redeemedAt)}`);
    const refunded = counted(sql`(${inPeriod(purchasedCoupons.refundedAt)}) OR ${voidedIn}`);
    const open = counted(sql`${purchasedCoupons.purchasedAt} < ${end}
      AND ${purchasedCoupons.status} <> 'VOID'
      AND (${purchasedCoupons.redeemedAt} IS NULL OR ${purchasedCoupons.redeemedAt} >= ${end})
      AND (${purchasedCoupons.refundedAt} IS NULL OR ${purchasedCoupons.refundedAt} >= ${end})
      AND (${purchasedCoupons.expiresAt} IS NULL OR ${purchasedCoupons.expiresAt} > ${end})`);
    const everyPartner = await db.select({ id: partners.id }).from(partners);
    const rows = await inPartnerChunks(
      everyPartner.map((partner) => partner.id),
      (chunk) =>
        db
          .select({
            partnerId: partners.id,
            companyName: partners.companyName,
            region: partners.region,
            soldCount: sold.count,
            soldSum: sold.sum,
            redeemedCount: redeemed.count,
            redeemedSum: redeemed.sum,
            refundedCount: refunded.count,
            refundedSum: refunded.sum,
            openCount: open.count,
            openSum: open.sum,
          })
          .from(partners)
          .leftJoin(coupons, eq(coupons.partnerId, partners.id))
          .leftJoin(purchasedCoupons, eq(purchasedCoupons.couponId, coupons.id))
          .leftJoin(payments, eq(payments.id, purchasedCoupons.paymentId))
          .where(inArray(partners.id, [...chunk]))
          .groupBy(partners.id, partners.companyName, partners.region),
    );
    return rows
      .map((row) => ({
        partnerId: row.partnerId,
        companyName: row.companyName,
        region: row.region,
        sold: { count: row.soldCount, sum: row.soldSum },
        redeemed: { count: row.redeemedCount, sum: row.redeemedSum },
        refunded: { count: row.refundedCount, sum: row.refundedSum },
        open: { count: row.openCount, sum: row.openSum },
      }))
      .sort((a, b) => compareRu(a.companyName, b.companyName) || compareRu(a.region, b.region));
  }

  /** The audit log of a period, newest first, optionally of one kind: the page after `after`. */
  async function auditRows(
    period: Period,
    kind: TAuditKind | undefined,
    limit: number,
    after?: PageEnd<number>,
  ) {
    const rows = await db
      .select({
        id: auditEvents.id,
        at: auditEvents.at,
        pageKey: sql<string>`${auditEvents.at}::text`,
        kind: auditEvents.kind,
        subject: auditEvents.subject,
        details: auditEvents.details,
        actorUsername: users.username,
        actorFirstName: users.firstName,
        actorId: auditEvents.actorId,
      })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(
        and(
          withinDays(auditEvents.at, timeZone, period.from, period.to),
          kind ? eq(auditEvents.kind, kind) : undefined,
          after
            ? sql`(${auditEvents.at}, ${auditEvents.id}) < (${after.pageKey}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(limit);
    const names = await nameAuditSubjects(db, [
      ...rows.map((row) => row.subject),
      ...subjectsInDetails(rows.map((row) => row.details)),
    ]);
    const details = await nameDetails(
      db,
      rows.map((row) => row.details),
      names,
    );
    return rows.map((row, index) => ({
      pageKey: row.pageKey,
      id: row.id,
      at: row.at.toISOString(),
      kind: row.kind as TAuditKind,
      actor:
        row.actorId === null
          ? null
          : row.actorFirstName === null
            ? String(row.actorId)
            : displayName({ username: row.actorUsername, firstName: row.actorFirstName }),
      subject: row.subject,
      subjectName: names.get(row.subject) ?? null,
      details: details[index] ?? row.details,
    }));
  }

  /** The audit log of a period, newest first, optionally of one kind: the newest MAX_AUDIT_ROWS, for a screen. */
  async function audit(period: Period, kind?: TAuditKind): Promise<TAuditEvent[]> {
    return (await auditRows(period, kind, MAX_AUDIT_ROWS)).map(({ pageKey: _, ...event }) => event);
  }

  /** The whole audit log of a period, a page at a time: an export holds one page in memory. */
  const auditPages = (period: Period, kind?: TAuditKind, pageRows = EXPORT_PAGE_ROWS) =>
    pagesOf(
      (after?: PageEnd<number>) => auditRows(period, kind, pageRows, after),
      (row) => ({ pageKey: row.pageKey, id: row.id }),
      pageRows,
    );

  return {
    reportablePartners,
    redemptions,
    redemptionPages,
    settlement,
    audit,
    auditPages,
    weekly,
    season,
  };
}

export type ReportService = ReturnType<typeof createReportService>;
