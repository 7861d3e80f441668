import { memo } from 'react';
import type { TMyCoupon } from '#contract/purchases';
import { texts } from '../texts';
import { QrImage } from './qr-image';
import './coupon-slide.css';

/** A coupon's place among the usable ones, or among the used, expired and refunded ones. */
export type GroupPlace = { place: number; count: number };

type CouponSlideProps = {
  coupon: TMyCoupon;
  group: GroupPlace;
  onOpenQr: (coupon: TMyCoupon) => void;
};

/** Each coupon's place in its group: the server lists usable ones first, then the rest. */
export function groupPlaces(coupons: readonly TMyCoupon[]): Map<string, GroupPlace> {
  const usable = coupons.filter((coupon) => coupon.status === 'NOT_USED');
  const spent = coupons.filter((coupon) => coupon.status !== 'NOT_USED');
  return new Map(
    [usable, spent].flatMap((group) =>
      group.map((coupon, index) => [coupon.id, { place: index + 1, count: group.length }] as const),
    ),
  );
}

type Spent = Exclude<TMyCoupon['status'], 'NOT_USED'>;

/** How a coupon nobody may use any more is marked: the stamp over its QR, its QR's name, the line under it. */
const SPENT: Record<Spent, { stamp: string; alt: (companyName: string) => string; line?: string }> = {
  USED: { stamp: texts.used, alt: texts.usedQrOf },
  EXPIRED: { stamp: texts.expiredStamp, alt: texts.expiredQrOf, line: texts.expired },
  REFUND_PENDING: {
    stamp: texts.refundPendingStamp,
    alt: texts.refundPendingQrOf,
    line: texts.refundPending,
  },
};

/**
 * One QR coupon. A used or expired one, or one whose money is going back, is greyed and stamped,
 * and does not open full screen: nobody should mistake it for a valid coupon. A valid one with a
 * last day says until when it is valid.
 */
export const CouponSlide = memo(function CouponSlide({ coupon, group, onOpenQr }: CouponSlideProps) {
  const spent = coupon.status === 'NOT_USED' ? undefined : SPENT[coupon.status];
  return (
    <article className={`coupon-slide${spent ? ' coupon-slide--used' : ''}`}>
      <p className={`coupon-slide__group${spent ? '' : ' coupon-slide__group--usable'}`}>
        {(spent ? texts.spentGroup : texts.usableGroup)(group.place, group.count)}
      </p>
      {spent ? (
        <div className="coupon-slide__qr">
          <QrImage url={coupon.qrImageUrl} alt={spent.alt(coupon.companyName)} />
          <span className="coupon-slide__stamp">{spent.stamp}</span>
        </div>
      ) : (
        <button
          type="button"
          className="coupon-slide__qr"
          aria-label={texts.openQr(coupon.companyName)}
          onClick={() => onOpenQr(coupon)}
        >
          <QrImage url={coupon.qrImageUrl} alt={texts.qrOf(coupon.companyName)} />
        </button>
      )}
      <h2 className="coupon-slide__company">{coupon.companyName}</h2>
      <p className="coupon-slide__discount">{texts.discount(coupon.discount)}</p>
      <p className="coupon-slide__threshold">{texts.threshold(coupon.discount)}</p>
      <p className="coupon-slide__region">{coupon.region}</p>
      {spent?.line ? (
        <p className="coupon-slide__validity coupon-slide__validity--over">{spent.line}</p>
      ) : (
        !spent &&
        coupon.expiresAt && <p className="coupon-slide__validity">{texts.validUntil(coupon.expiresAt)}</p>
      )}
    </article>
  );
});
