import type { TMyCoupon } from '#contract/purchases';
import { texts } from '../texts';
import { QrImage } from './qr-image';
import './coupon-slide.css';

type CouponSlideProps = {
  coupon: TMyCoupon;
  onOpenQr: (coupon: TMyCoupon) => void;
};

/**
 * One QR coupon. A used or expired one is greyed and stamped, and does not open full screen: nobody
 * should mistake it for a valid coupon. A valid one with a last day says until when it is valid.
 */
export function CouponSlide({ coupon, onOpenQr }: CouponSlideProps) {
  const expired = coupon.status === 'EXPIRED';
  const spent = coupon.status !== 'NOT_USED';
  return (
    <article className={`coupon-slide${spent ? ' coupon-slide--used' : ''}`}>
      {spent ? (
        <div className="coupon-slide__qr">
          <QrImage
            url={coupon.qrImageUrl}
            alt={expired ? texts.expiredQrOf(coupon.companyName) : texts.usedQrOf(coupon.companyName)}
          />
          <span className="coupon-slide__stamp">{expired ? texts.expiredStamp : texts.used}</span>
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
      <p className="coupon-slide__region">{coupon.region}</p>
      {expired ? (
        <p className="coupon-slide__validity coupon-slide__validity--over">{texts.expired}</p>
      ) : (
        coupon.status === 'NOT_USED' &&
        coupon.expiresAt && <p className="coupon-slide__validity">{texts.validUntil(coupon.expiresAt)}</p>
      )}
    </article>
  );
}
