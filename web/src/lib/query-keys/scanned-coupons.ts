export const scannedCouponKeys = {
  all: ['scanned-coupon'] as const,
  of: (qrToken: string | undefined) => [...scannedCouponKeys.all, qrToken] as const,
  /** «Погашено сегодня» of the caller's companies: a redeem, an undo or a sync changes it. */
  today: ['redeemed-today'] as const,
  /** …as of this phone's queue of redemptions made with no signal: one sent counts on the server. */
  todayWithQueue: (queued: number) => [...scannedCouponKeys.today, queued] as const,
};
