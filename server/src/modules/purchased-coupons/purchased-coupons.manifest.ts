import { EVERY_FIVE_MINUTES } from '../../jobs/maintenance.ts';
import type { CouponSigner } from '../coupon-signing/coupon-signer.ts';
import { type Core, manifest } from '../manifest.ts';
import { recordExpiries } from './expiry-log.ts';
import { createQrImages } from './qr-images.ts';

/**
 * A purchased coupon's QR images, drawn in the background as coupons are issued and given, and the
 * sweep that writes coupons past their last day to the audit log.
 */
export const purchasedCouponsManifest = manifest({
  name: 'purchased-coupons',
  make: ({ db, timeZone, log, signer }: Pick<Core, 'db' | 'timeZone' | 'log'> & { signer: CouponSigner }) => {
    const qrImages = createQrImages({ db, signer, timeZone, log });
    return {
      gives: { qrImages },
      // The images being drawn are stored before the database closes.
      settle: qrImages.settled,
      sweeps: { expiries: { name: 'expiries', every: EVERY_FIVE_MINUTES, run: () => recordExpiries(db) } },
    };
  },
});
