import type { TMyCoupon } from '#contract/purchases';
import { texts } from '../texts';
import { QrImage } from './qr-image';
import './coupon-slide.css';

type CouponSlideProps = {
  coupon: TMyCoupon;
  onOpenQr: (coupon: TMyCoupon) => void;
};

/**
 * One QR coupon. A used one is greyed and stamped, and does not open full screen: nobody should
 * mistake it for a valid coupon.
 */
export function CouponSlide({ coupon, onOpenQr }: CouponSlideProps) {
  const used = coupon.status !== 'NOT_USED';
  return (
    <article className={`coupon-slide${used ? ' coupon-slide--used' : ''}`}>
      {used ? (
        <div className="coupon-slide__qr">
          <QrImage url={coupon.qrImageUrl} alt={texts.usedQrOf(coupon.companyName)} />
          <span className="coupon-slide__stamp">{texts.used}</span>
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
    </article>
  );
}
