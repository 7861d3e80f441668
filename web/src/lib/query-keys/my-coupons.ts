export const myCouponsKeys = {
  /** Every account's list: what a change to the caller's coupons makes stale. */
  all: ['my-coupons'] as const,
  of: (username: string | null | undefined) => [...myCouponsKeys.all, username] as const,
  /** The list saved on the device, by Telegram account. */
  saved: (userId: number | undefined) => ['my-coupons-saved', userId] as const,
  /** The ids the gift screen may name. */
  giftable: (username: string | null | undefined) => ['giftable-coupons', username] as const,
  qrImages: ['qr-image'] as const,
  qrImage: (url: string) => [...myCouponsKeys.qrImages, url] as const,
};
