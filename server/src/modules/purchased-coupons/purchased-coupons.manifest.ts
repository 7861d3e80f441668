import type { CouponSigner } from '../coupon-signing/coupon-signer.ts';
import { type Core, manifest } from '../manifest.ts';
import { createQrImages } from './qr-images.ts';

/** A purchased coupon's QR images, drawn in the background as coupons are issued and given. */
export const purchasedCouponsManifest = manifest({
  name: 'purchased-coupons',
  make: ({
    db,
    timeZone,
    log,
    signer,
  }: Pick<Core, 'db' | 'timeZone' | 'log'> & { signer: CouponSigner }) => ({
    gives: { qrImages: createQrImages({ db, signer, timeZone, log }) },
  }),
});
