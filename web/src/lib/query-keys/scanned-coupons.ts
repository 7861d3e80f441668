export const scannedCouponKeys = {
  all: ['scanned-coupon'] as const,
  of: (qrToken: string | undefined) => [...scannedCouponKeys.all, qrToken] as const,
  /** «Погашено сегодня» of the caller's companies: a redeem, an undo or a sync changes it. */
  today: ['redeemed-today'] as const,
};
