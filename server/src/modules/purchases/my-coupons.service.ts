import { and, desc, eq, sql } from 'drizzle-orm';
import type { TMyCoupon } from '#contract/purchases';
import type { Database } from '../../db/client.ts';
import { coupons, partners, purchasedCoupons, users } from '../../db/schema.ts';
import {
  isInForce,
  selectPurchasedCoupons,
  telegramNameOf,
} from '../purchased-coupons/purchased-coupons.query.ts';
import { couponQrText, renderQrPng } from '../purchased-coupons/qr.ts';

/** Raised whenever an item of My QR changes shape: a tag of an older shape then never matches. */
const LIST_SHAPE = 2;
/** Where the trigger of migration 0011 tells of a change of an owner's list. */
const CHANGES_CHANNEL = 'my_coupons_changed';

/** Where a coupon's QR image is: by its token, so a gift's new token is a new address. */
export const qrImagePath = (qrToken: string) => `/api/coupon/qr/${qrToken}`;

/**
 * My QR: the caller's coupons, and their QR images, rendered once per token and kept.
 *
 * Polled every 5 s, so «nothing new» must cost almost nothing: the list's tag is the owner's
 * `coupons_version`, which a trigger raises with every change of the list. On PostgreSQL that is one
 * row read by its key per poll; on PGlite, whose one process hears every change (`listen`), the
 * versions read are kept in memory until a change is told, and an unchanged poll reads nothing.
 */
export async function createMyCouponsService({ db, listen }: Pick<Database, 'db' | 'listen'>) {
  // Prepared once: drizzle builds their SQL once, PostgreSQL plans them once per connection.
  const versionOf = db
    .select({ version: users.couponsVersion })
    .from(users)
    .where(eq(users.id, sql.placeholder('ownerId')))
    .prepare('my_qr_version');
  const listOf = db
    .select({
      id: purchasedCoupons.id,
      status: purchasedCoupons.status,
      qrToken: purchasedCoupons.qrToken,
      companyName: partners.companyName,
      discount: coupons.discount,
      region: partners.region,
    })
    .from(purchasedCoupons)
    .innerJoin(coupons, eq(coupons.id, purchasedCoupons.couponId))
    .innerJoin(partners, eq(partners.id, coupons.partnerId))
    .where(eq(purchasedCoupons.ownerId, sql.placeholder('ownerId')))
    .orderBy(desc(purchasedCoupons.purchasedAt), desc(purchasedCoupons.id))
    .prepare('my_qr_list');
  const versions = new Map<number, number>();
  let changesHeard = 0;
  await listen?.(CHANGES_CHANNEL, (ownerIds) => {
    changesHeard += 1;
    for (const id of ownerIds.split(',')) versions.delete(Number(id));
  });

  /** A tag of what My QR shows `ownerId`: equal tags, equal lists. */
  async function ownCouponsTag(ownerId: number): Promise<string> {
    let version = versions.get(ownerId);
    if (version === undefined) {
      const heardBefore = changesHeard;
      const [row] = await versionOf.execute({ ownerId });
      version = row?.version ?? 0;
      // A change told while the row was read may be newer than what was read: not kept then.
      if (listen && changesHeard === heardBefore) versions.set(ownerId, version);
    }
    return `W/"${LIST_SHAPE}.${ownerId}.${version}"`;
  }

  async function listOwnCoupons(ownerId: number): Promise<TMyCoupon[]> {
    const rows = await listOf.execute({ ownerId });
    return rows.filter(isInForce).map((row) => ({
      id: row.id,
      qrImageUrl: qrImagePath(row.qrToken),
      companyName: row.companyName,
      discount: row.discount,
      region: row.region,
      status: row.status,
    }));
  }

  /** The coupon in force a QR token names, with what its image shows; undefined when there is none. */
  async function couponByQrToken(qrToken: string) {
    const [row] = await selectPurchasedCoupons(db).where(eq(purchasedCoupons.qrToken, qrToken));
    return row && isInForce(row) ? row : undefined;
  }

  type QrCoupon = NonNullable<Awaited<ReturnType<typeof couponByQrToken>>>;

  /** The coupon's QR image as PNG, rendered on first request and kept (a gift's new token clears it). */
  async function qrPngOf(row: QrCoupon): Promise<Buffer> {
    if (row.qrPng) return row.qrPng;
    const png = await renderQrPng(
      couponQrText({
        token: row.qrToken,
        purchasedAt: row.purchasedAt,
        partner: row.companyName,
        region: row.region,
        discount: row.discount,
        address: row.address,
        telegramName: telegramNameOf(row),
      }),
    );
    await db
      .update(purchasedCoupons)
      .set({ qrPng: png })
      .where(and(eq(purchasedCoupons.id, row.id), eq(purchasedCoupons.qrToken, row.qrToken)));
    return png;
  }

  return { ownCouponsTag, listOwnCoupons, couponByQrToken, qrPngOf };
}

export type MyCouponsService = Awaited<ReturnType<typeof createMyCouponsService>>;
