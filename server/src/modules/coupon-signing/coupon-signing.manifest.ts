import { type Core, manifest } from '../manifest.ts';
import { createCouponSigner } from './coupon-signer.ts';

/** The key coupons are signed with for redeeming offline (ADR 13). */
export const couponSigningManifest = manifest({
  name: 'coupon-signing',
  make: ({ db }: Pick<Core, 'db'>) => ({ gives: { signer: createCouponSigner(db) } }),
});
