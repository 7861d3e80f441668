import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { TMyCoupon } from '#contract/purchases';
import type { Db } from '../../db/client.ts';
import { purchasedCoupons } from '../../db/schema.ts';
import type { CouponSigner } from '../coupon-signing/coupon-signer.ts';
import { lastValidDay } from '../purchased-coupons/expiry.ts';
import {
  isInForce,
  selectPurchasedCoupons,
  telegramNameOf,
  visibleStatus,
} from '../purchased-coupons/purchased-coupons.query.ts';
import { couponQrText, renderQrPng } from '../purchased-coupons/qr.ts';

/** My QR: the caller's coupons with their QR images, rendered once per token and kept. */
export function createMyCouponsService(db: Db, timeZone: string, signer: Pick<CouponSigner, 'signQrText'>) {
  /** A tag of what My QR shows; an unchanged list answers 304 without touching images. */
  async function ownCouponsTag(ownerId: number): Promise<string> {
    const rows = await db
      .select({
        id: purchasedCoupons.id,
        token: purchasedCoupons.qrToken,
        status: purchasedCoupons.status,
        expiresAt: purchasedCoupons.expiresAt,
      })
      .from(purchasedCoupons)
      .where(eq(purchasedCoupons.ownerId, ownerId))
      .orderBy(desc(purchasedCoupons.purchasedAt), desc(purchasedCoupons.id));
    const hash = createHash('sha256');
    for (const row of rows) {
      hash.update(`${row.id}:${row.token}:${isInForce(row) ? visibleStatus(row) : row.status};`);
    }
    return `W/"${hash.digest('base64url').slice(0, 27)}"`;
  }

  async function listOwnCoupons(ownerId: number): Promise<TMyCoupon[]> {
    const rows = await selectPurchasedCoupons(db)
      .where(eq(purchasedCoupons.ownerId, ownerId))
      .orderBy(desc(purchasedCoupons.purchasedAt), desc(purchasedCoupons.id));

    return Promise.all(
      rows.filter(isInForce).map(async (row) => {
        let png = row.qrPng;
        if (!png) {
          // Rendered once per token and kept: a gift's new token clears it.
          // Signed, so a partner with no signal can trust what it reads (issue 16).
          png = await renderQrPng(
            await signer.signQrText(
              couponQrText({
                token: row.qrToken,
                purchasedAt: row.purchasedAt,
                partner: row.companyName,
                region: row.region,
                discount: row.discount,
                address: row.address,
                telegramName: telegramNameOf(row),
                expiresOn: lastValidDay(row.expiresAt, timeZone),
                partnerId: row.partnerId,
              }),
            ),
          );
          await db
            .update(purchasedCoupons)
            .set({ qrPng: png })
            .where(and(eq(purchasedCoupons.id, row.id), eq(purchasedCoupons.qrToken, row.qrToken)));
        }
        return {
          id: row.id,
          base64: png.toString('base64'),
          companyName: row.companyName,
          discount: row.discount,
          region: row.region,
          status: visibleStatus(row),
          expiresAt: lastValidDay(row.expiresAt, timeZone),
        };
      }),
    );
  }

  return { ownCouponsTag, listOwnCoupons };
}

export type MyCouponsService = ReturnType<typeof createMyCouponsService>;
