/**
 * The cache key of My QR's list, apart from how it is fetched and saved: screens that only tell My
 * QR to ask again (a purchase, a gift) do not load the device storage with it.
 */
export const myCouponsQueryKey = (username: string | null | undefined) => ['my-coupons', username] as const;
