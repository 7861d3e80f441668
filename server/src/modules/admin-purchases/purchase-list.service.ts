import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  TAdminPurchase,
  TAdminPurchasesResponse,
  TPurchaseFilter,
  ZAdminPurchasesQuery,
} from '#contract/back-office-purchases';
import type { Db } from '../../db/client.ts';
import { auditEvents, coupons, partners, payments, purchasedCoupons, users } from '../../db/schema.ts';
import { accountsOfPeople } from '../../messenger/people.ts';
import { subjectOf } from '../audit/audit-log.ts';
import { lastValidDay } from '../purchased-coupons/expiry.ts';
import {
  joinPurchasedCoupon,
  owners,
  payers,
  redeemers,
} from '../purchased-coupons/purchased-coupons.query.ts';
import {
  couponStateOf,
  isInStateNow,
  type VisibleState,
  visibleStateOfRow,
} from '../purchased-coupons/visible-state.ts';
import { displayName } from '../users/display-name.ts';
import { withinDays } from './period.ts';
import { purchaseActionsOf } from './purchase-actions.ts';

const PAGE_SIZE = 20;

/** The state each filter of the list keeps (visible-state.ts). */
const FILTERS: Record<TPurchaseFilter, VisibleState> = {
  unused: 'NOT_USED',
  expired: 'EXPIRED',
  refunding: 'REFUND_PENDING',
  used: 'USED',
  refunded: 'REFUNDED',
  void: 'VOID',
};

/** The page after a purchase: its time and id, opaque to the caller. */
const encodeCursor = (row: { purchasedAt: Date; id: string }) =>
  Buffer.from(`${row.purchasedAt.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { at: string; id: string } | undefined {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/.test(id)) return undefined;
  return { at, id };
}

/** The admin's list of purchases: newest first, filtered, searched by buyer, a page at a time. */
export function createPurchaseListService(db: Db, timeZone: string) {
  // The buyer is the coupon's owner: a coupon given away is listed under whom it went to.
  const buyers = owners;

  async function list(query: z.output<typeof ZAdminPurchasesQuery>): Promise<TAdminPurchasesResponse> {
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const search = query.q?.toLowerCase() || undefined;
    const purchases = db
      .select({
        id: purchasedCoupons.id,
        status: purchasedCoupons.status,
        purchasedAt: purchasedCoupons.purchasedAt,
        expiresAt: purchasedCoupons.expiresAt,
        refundRequestedAt: purchasedCoupons.refundRequestedAt,
        refundedAt: purchasedCoupons.refundedAt,
        verified: purchasedCoupons.verified,
        buyerId: buyers.id,
        buyerUsername: buyers.username,
        buyerFirstName: buyers.firstName,
        payerId: payers.id,
        payerUsername: payers.username,
        payerFirstName: payers.firstName,
        redeemerUsername: redeemers.username,
        redeemerFirstName: redeemers.firstName,
        partnerId: partners.id,
        companyName: partners.companyName,
        region: partners.region,
        offerId: coupons.id,
        discount: coupons.discount,
        price: payments.amount,
        provider: payments.provider,
        providerPaymentId: payments.providerPaymentId,
      })
      .from(purchasedCoupons)
      .$dynamic();
    const rows = await joinPurchasedCoupon(purchases)
      .innerJoin(payers, eq(payers.id, payments.userId))
      .where(
        and(
          query.status ? isInStateNow(FILTERS[query.status]) : undefined,
          query.partnerId ? eq(partners.id, query.partnerId) : undefined,
          withinDays(purchasedCoupons.purchasedAt, timeZone, query.from, query.to),
          search ? sql`strpos(lower(coalesce(${buyers.username}, '')), ${search}) > 0` : undefined,
          after
            ? // The cursor's own time as stored: its ISO text drops PostgreSQL's microseconds.
              sql`(${purchasedCoupons.purchasedAt}, ${purchasedCoupons.id}) < (coalesce(
                (SELECT page_end.purchased_at FROM ${purchasedCoupons} page_end WHERE page_end.id = ${after.id}::uuid),
                ${after.at}::timestamptz), ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(purchasedCoupons.purchasedAt), desc(purchasedCoupons.id))
      .limit(PAGE_SIZE + 1);

    const page = rows.slice(0, PAGE_SIZE);
    const history = await historyOf(page.map((row) => row.id));
    const messengers = await accountsOfPeople(
      db,
      page.map((row) => row.buyerId),
    );
    const now = new Date();
    const items: TAdminPurchase[] = page.map((row) => ({
      id: row.id,
      buyer: {
        id: row.buyerId,
        name: displayName({ username: row.buyerUsername, firstName: row.buyerFirstName }),
      },
      buyerMessengers: messengers.get(row.buyerId) ?? [],
      payer: {
        id: row.payerId,
        name: displayName({ username: row.payerUsername, firstName: row.payerFirstName }),
      },
      partner: { id: row.partnerId, companyName: row.companyName, region: row.region },
      offerId: row.offerId,
      price: row.price,
      discount: row.discount,
      status: visibleStateOfRow(row, now),
      provider: row.provider,
      providerPaymentId: row.provider === 'link' ? null : row.providerPaymentId,
      verified: row.verified,
      purchasedAt: row.purchasedAt.toISOString(),
      expiresAt: lastValidDay(row.expiresAt, timeZone),
      redeemedBy:
        row.redeemerFirstName === null
          ? null
          : displayName({ username: row.redeemerUsername, firstName: row.redeemerFirstName }),
      history: history.get(subjectOf.purchase(row.id)) ?? [],
      actions: purchaseActionsOf(couponStateOf(row, now), row.provider),
    }));
    const last = page.at(-1);
    return { items, nextCursor: rows.length > PAGE_SIZE && last ? encodeCursor(last) : null };
  }

  /** Each purchase's audit events, oldest first, with who acted. */
  async function historyOf(ids: string[]) {
    const byPurchase = new Map<string, TAdminPurchase['history']>();
    if (ids.length === 0) return byPurchase;
    const events = await db
      .select({
        subject: auditEvents.subject,
        at: auditEvents.at,
        kind: auditEvents.kind,
        details: auditEvents.details,
        actorUsername: users.username,
        actorFirstName: users.firstName,
      })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(inArray(auditEvents.subject, ids.map(subjectOf.purchase)))
      .orderBy(auditEvents.at, auditEvents.id);
    for (const event of events) {
      const list = byPurchase.get(event.subject) ?? [];
      list.push({
        at: event.at.toISOString(),
        kind: event.kind,
        actor:
          event.actorFirstName === null
            ? null
            : displayName({ username: event.actorUsername, firstName: event.actorFirstName }),
        details: event.details,
      });
      byPurchase.set(event.subject, list);
    }
    return byPurchase;
  }

  return { list };
}

export type PurchaseListService = ReturnType<typeof createPurchaseListService>;
