import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { purchasedCoupons } from '../../db/schema.ts';
import type { CouponSigner } from '../coupon-signing/coupon-signer.ts';
import { lastValidDay } from './expiry.ts';
import { selectPurchasedCoupons, telegramNameOf } from './purchased-coupons.query.ts';
import { couponQrText } from './qr.ts';
import { renderQrPng } from './qr-png.ts';
import { holderStateOf } from './visible-state.ts';

type QrCoupon = Awaited<ReturnType<ReturnType<typeof selectPurchasedCoupons>['where']>>[number];

/**
 * A coupon's QR image as PNG, signed, so a partner with no signal can trust what it reads (ADR
 * 0013), drawn once per QR token and kept with the coupon (a new token clears it).
 *
 * Drawing and signing take a good part of a second's CPU for a few coupons, and My QR's largest
 * paint is the QR: a coupon is drawn as soon as it has a new owner's token, in the
 * background, so its first view finds it ready. The first view still draws one that is not: a
 * process killed before it drew loses nothing.
 */
export function createQrImages(options: {
  db: Db;
  signer: Pick<CouponSigner, 'signQrText'>;
  /** Where a coupon's last valid day is counted (REPORT_TIME_ZONE). */
  timeZone: string;
  log: FastifyBaseLogger;
}) {
  const { db, signer, timeZone, log } = options;
  const drawing = new Set<Promise<void>>();

  async function pngOf(row: QrCoupon): Promise<Buffer> {
    if (row.qrPng) return row.qrPng;
    const png = renderQrPng(
      await signer.signQrText(
        couponQrText({
          token: row.qrToken,
          purchasedAt: row.purchasedAt,
          discount: row.discount,
          telegramName: telegramNameOf(row),
          expiresOn: lastValidDay(row.expiresAt, timeZone),
          partnerId: row.partnerId,
          timeZone,
        }),
      ),
    );
    // Kept only while the token it shows is the coupon's: a gift meanwhile has made it void.
    await db
      .update(purchasedCoupons)
      .set({ qrPng: png })
      .where(and(eq(purchasedCoupons.id, row.id), eq(purchasedCoupons.qrToken, row.qrToken)));
    return png;
  }

  /** Draws the coupon's image after the caller's commit, unless it is drawn already or not in force. */
  function drawSoon(purchasedCouponId: string): void {
    const job = (async () => {
      const [row] = await selectPurchasedCoupons(db).where(eq(purchasedCoupons.id, purchasedCouponId));
      if (row && holderStateOf(row) && !row.qrPng) await pngOf(row);
    })()
      .catch((error: unknown) =>
        log.warn({ err: error, purchasedCouponId }, 'QR image not drawn ahead: drawn on its first view'),
      )
      .finally(() => drawing.delete(job));
    drawing.add(job);
  }

  /** Resolves when the drawings under way are done: the database must outlive them. */
  const settled = async () => {
    await Promise.all(drawing);
  };

  return { pngOf, drawSoon, settled };
}

export type QrImages = ReturnType<typeof createQrImages>;
