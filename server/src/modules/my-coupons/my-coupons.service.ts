import { desc, eq, sql } from 'drizzle-orm';
import type { TMyCoupon } from '#contract/purchases';
import type { Database } from '../../db/client.ts';
import { coupons, gifts, partners, payments, purchasedCoupons, users } from '../../db/schema.ts';
import { batchedRead } from '../../queueing/batched-read.ts';
import { buyerRefundRefusal } from '../purchased-coupons/buyer-refund-rule.ts';
import { lastValidDay } from '../purchased-coupons/expiry.ts';
import { selectPurchasedCoupons } from '../purchased-coupons/purchased-coupons.query.ts';
import { holderStateOf, visibleStateOfRow } from '../purchased-coupons/visible-state.ts';

/** Raised whenever an item of My QR changes shape: a tag of an older shape then never matches. */
const LIST_SHAPE = 4;
/** More owners than this with a list kept: the lists are dropped, to be read again. */
const MAX_KEPT = 10_000;
/** Where the trigger of migration 0017 tells of a change of an owner's list. */
const CHANGES_CHANNEL = 'my_coupons_changed';

/** Where a coupon's QR image is: by its token, so a gift's new token is a new address. */
export const qrImagePath = (qrToken: string) => `/api/coupon/qr/${qrToken}`;

/**
 * At the river a buyer first sees a coupon they can show: the usable ones first, then the used,
 * expired and refunding ones, each part newest in the owner's hands first (the order the rows are read in; sort is stable).
 */
const usableFirst = (list: TMyCoupon[]) =>
  list.sort((a, b) => Number(b.status === 'NOT_USED') - Number(a.status === 'NOT_USED'));

/** When the owner got the coupon: bought it, or last received it as a gift (sent, or held and claimed). */
const ownedSince = sql`coalesce(
  (select max(coalesce(${gifts.settledAt}, ${gifts.createdAt})) from ${gifts}
    where ${gifts.purchasedCouponId} = ${purchasedCoupons.id} and ${gifts.toUserId} = ${purchasedCoupons.ownerId}
      and ${gifts.status} in ('SENT', 'CLAIMED')),
  ${purchasedCoupons.purchasedAt})`;

type ListRow = {
  id: string;
  status: (typeof purchasedCoupons.$inferSelect)['status'];
  qrToken: string;
  companyName: string;
  discount: number;
  region: string;
  expiresAt: Date | null;
  refundRequestedAt: Date | null;
  purchasedAt: Date;
  payerId: number;
  ownerId: number;
  amount: number;
};

/**
 * My QR: the caller's coupons; their QR images are drawn by purchased-coupons/qr-images.ts.
 *
 * Polled every 5 s, so «nothing new» must cost almost nothing: the list's tag is the owner's
 * `coupons_version`, which triggers raise with every change of what the list shows. On PostgreSQL
 * that is one row read by its key per poll, and the polls that come together share one statement;
 * on PGlite, whose one process hears every change (`listen`), the versions read are kept in memory
 * until a change is told, and an unchanged poll reads nothing. A list read is kept with its version, so the next one at that version (another
 * device, the next opening of My QR) is not read again. Expiry needs no change at all to happen:
 * the tag also counts the kept coupons whose last day has passed, so midnight changes it.
 */
export async function createMyCouponsService(
  { db, listen, statementName }: Pick<Database, 'db' | 'listen' | 'statementName'>,
  options: { timeZone: string; selfRefundDays?: number | null },
) {
  const { timeZone } = options;
  const selfRefundDays = options.selfRefundDays ?? null;
  // Prepared once: drizzle builds their SQL once, PostgreSQL plans them once per connection.
  const versionsOf = db
    .select({ id: users.id, version: users.couponsVersion })
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ownerIds')})`)
    .prepare(statementName('my_qr_versions'));
  // Polls that come together share one read of their owners' versions.
  const storedVersion = batchedRead(
    async (ownerIds) =>
      new Map((await versionsOf.execute({ ownerIds })).map(({ id, version }) => [id, version])),
  );
  const listOf = db
    .select({
      id: purchasedCoupons.id,
      status: purchasedCoupons.status,
      qrToken: purchasedCoupons.qrToken,
      companyName: partners.companyName,
      discount: coupons.discount,
      region: partners.region,
      expiresAt: purchasedCoupons.expiresAt,
      refundRequestedAt: purchasedCoupons.refundRequestedAt,
      purchasedAt: purchasedCoupons.purchasedAt,
      payerId: payments.userId,
      ownerId: purchasedCoupons.ownerId,
      amount: payments.amount,
    })
    .from(purchasedCoupons)
    .innerJoin(payments, eq(payments.id, purchasedCoupons.paymentId))
    .innerJoin(coupons, eq(coupons.id, purchasedCoupons.couponId))
    .innerJoin(partners, eq(partners.id, coupons.partnerId))
    .where(eq(purchasedCoupons.ownerId, sql.placeholder('ownerId')))
    .orderBy(desc(ownedSince), desc(purchasedCoupons.id))
    .prepare(statementName('my_qr_list'));
  const versions = new Map<number, number>();
  /** The rows last read for each owner, with the version they show: the same version, the same rows. */
  const lists = new Map<number, { version: number; rows: ListRow[] }>();
  let changesHeard = 0;
  await listen?.(CHANGES_CHANNEL, (ownerIds) => {
    changesHeard += 1;
    for (const id of ownerIds.split(',')) versions.delete(Number(id));
  });

  async function versionOfList(ownerId: number): Promise<number> {
    let version = versions.get(ownerId);
    if (version === undefined) {
      const heardBefore = changesHeard;
      version = (await storedVersion(ownerId)) ?? 0;
      // A change told while the row was read may be newer than what was read: not kept then.
      if (listen && changesHeard === heardBefore) {
        if (versions.size >= MAX_KEPT) versions.clear();
        versions.set(ownerId, version);
      }
    }
    return version;
  }

  async function rowsAt(ownerId: number, version: number): Promise<ListRow[]> {
    const kept = lists.get(ownerId);
    if (kept?.version === version) return kept.rows;
    // A state the holder keeps stays one whatever the time: only NOT_USED turns EXPIRED.
    const rows = (await listOf.execute({ ownerId })).filter((row) => holderStateOf(row));
    // Read after the version: if a change came between, these rows are newer than `version`, and
    // the next poll, finding a newer version, reads them again.
    if (lists.size >= MAX_KEPT && !lists.has(ownerId)) lists.clear();
    lists.set(ownerId, { version, rows });
    return rows;
  }

  /** What My QR shows `ownerId` now: its tag (equal tags, equal lists), and the list itself. */
  async function ownCoupons(ownerId: number) {
    const version = await versionOfList(ownerId);
    const rows = await rowsAt(ownerId, version);
    const now = new Date();
    const expired = rows.filter((row) => visibleStateOfRow(row, now) === 'EXPIRED').length;
    return {
      tag: `W/"${LIST_SHAPE}.${ownerId}.${version}.${expired}"`,
      list: async (): Promise<TMyCoupon[]> =>
        usableFirst(
          rows.flatMap((row) => {
            const status = holderStateOf(row, now);
            return status
              ? [
                  {
                    id: row.id,
                    qrImageUrl: qrImagePath(row.qrToken),
                    companyName: row.companyName,
                    discount: row.discount,
                    region: row.region,
                    status,
                    expiresAt: lastValidDay(row.expiresAt, timeZone),
                    refundAmount:
                      buyerRefundRefusal(row, ownerId, selfRefundDays, now) === undefined ? row.amount : null,
                  },
                ]
              : [];
          }),
        ),
    };
  }

  /** The coupon in force a QR token names, with what its image shows; undefined when there is none. */
  async function couponByQrToken(qrToken: string) {
    const [row] = await selectPurchasedCoupons(db).where(eq(purchasedCoupons.qrToken, qrToken));
    return row && holderStateOf(row) ? row : undefined;
  }

  return { ownCoupons, couponByQrToken };
}

export type MyCouponsService = Awaited<ReturnType<typeof createMyCouponsService>>;
