/**
 * The `startapp` parameters of t.me links into the mini-app, each naming the screen it opens: a
 * shared gift's button opens My QR. No zod here: the web's first script reads this.
 */
export const MY_COUPONS_START_PARAM = 'my-coupons';

/** `qr-<purchased coupon id>`: My QR opened on that coupon (a reminder's button). */
export const COUPON_START_PARAM_PREFIX = 'qr-';
export const couponStartParam = (purchasedCouponId: string) =>
  `${COUPON_START_PARAM_PREFIX}${purchasedCouponId}`;

/** `ref_<code>`: the app opened through a member's invitation link (attribution only). */
export const INVITE_START_PARAM_PREFIX = 'ref_';
