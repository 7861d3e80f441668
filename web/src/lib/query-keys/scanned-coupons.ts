export const scannedCouponKeys = {
  /** Every scan's answer: what «Погашено сегодня» reads the latest of. */
  all: ['scanned-coupon'] as const,
  of: (qrToken: string | undefined) => [...scannedCouponKeys.all, qrToken] as const,
};
