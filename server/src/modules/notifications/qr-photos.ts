import type { Db } from '../../db/client.ts';
import { lastValidDay } from '../purchased-coupons/expiry.ts';
import { formatCouponDate } from '../purchased-coupons/qr.ts';
import type { QrImages } from '../purchased-coupons/qr-images.ts';
import { type CouponRow, couponOfToken, type TokenCoupon } from '../purchased-coupons/token-coupon.ts';
import { visibleStateOfRow } from '../purchased-coupons/visible-state.ts';
import { type QrPhotoVoid, qrPhotoTexts } from './texts.ts';

/**
 * What the bot's photo of a coupon's QR shows and says: the signed QR My QR shows, and a caption
 * worded from the coupon as it is at the moment of sending, so a caption edited late or twice
 * still says what is true.
 */
export function createQrPhotos(options: {
  db: Db;
  qrImages: Pick<QrImages, 'pngOf'>;
  /** Where a coupon's last valid day is counted (REPORT_TIME_ZONE). */
  timeZone: string;
}) {
  const { db, qrImages, timeZone } = options;

  /** Why the QR no longer works for `holderId`; null while it does. */
  function voidReason(
    { coupon: row, replaced }: TokenCoupon,
    holderId: number,
    now: Date,
  ): QrPhotoVoid | null {
    if (replaced) {
      return row.ownerId === holderId && row.status !== 'HELD' ? { kind: 'replaced' } : { kind: 'gifted' };
    }
    if (row.ownerId !== holderId) return { kind: 'unknown' };
    const state = visibleStateOfRow(row, now);
    switch (state) {
      case 'NOT_USED':
        return null;
      case 'USED':
        return { kind: 'redeemed', on: formatCouponDate(row.redeemedAt ?? now, timeZone) };
      case 'REFUNDED':
        return { kind: 'refunded' };
      case 'VOID':
        return { kind: 'voided' };
      case 'HELD':
        return { kind: 'gifted' };
      case 'REFUND_PENDING':
        return { kind: 'refund-pending' };
      case 'EXPIRED':
        return { kind: 'expired', lastDay: lastValidDay(row.expiresAt, timeZone) ?? '' };
    }
  }

  const couponLine = (row: CouponRow) => ({
    companyName: row.companyName,
    discount: row.discount,
    region: row.region,
  });

  const validCaption = (row: CouponRow) =>
    qrPhotoTexts.valid({ coupon: couponLine(row), lastDay: lastValidDay(row.expiresAt, timeZone) });

  return {
    /** The photo for the holder of `token`: its PNG and caption; null when that QR no longer works for them. */
    async photo(token: string, holderId: number, now = new Date()) {
      const found = await couponOfToken(db, token);
      if (!found || voidReason(found, holderId, now)) return null;
      return { png: await qrImages.pngOf(found.coupon), caption: validCaption(found.coupon) };
    },

    /** The caption the photo of `token` in `holderId`'s chat should have now. */
    async caption(token: string, holderId: number, now = new Date()): Promise<string> {
      const found = await couponOfToken(db, token);
      if (!found) return qrPhotoTexts.void({ why: { kind: 'unknown' } });
      const why = voidReason(found, holderId, now);
      return why ? qrPhotoTexts.void({ coupon: couponLine(found.coupon), why }) : validCaption(found.coupon);
    },
  };
}

export type QrPhotos = ReturnType<typeof createQrPhotos>;
