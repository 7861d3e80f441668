import type { TMyCoupon } from '#contract/purchases';

/** A coupon of the My QR list as the server answers it: unused, 500 руб in Karelia, unless told. */
export const myCoupon = (id: string, companyName: string, extra: Partial<TMyCoupon> = {}): TMyCoupon => ({
  id,
  qrImageUrl: `/api/coupon/qr/qr-of-${id}`,
  companyName,
  discount: 500,
  region: 'Карелия',
  status: 'NOT_USED',
  expiresAt: null,
  refundAmount: null,
  ...extra,
});

/** The list's answer with its version, as the server sends a list that changed. */
export const listAnswer = (coupons: TMyCoupon[], etag: string) =>
  new Response(JSON.stringify(coupons), { status: 200, headers: { ETag: etag } });
