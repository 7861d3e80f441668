/**
 * Every key of the app's query cache, in one place (bulletproof-react and TkDodo's key factories):
 * a mutation invalidates by the prefix its reads are stored under, and two features that touch the
 * same data (a gift, a payment and a refund all change My QR's list) name it alike without
 * importing each other. A key's parts are what its answer depends on.
 *
 * Each area is an export of its own, so a screen's chunk carries only the keys it uses.
 */

export const sessionKeys = {
  me: ['me'] as const,
};

/** The stand-in's account picker (development only). */
export const devUserKeys = {
  all: ['dev-users'] as const,
};

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

export const giftKeys = {
  held: ['held-gifts'] as const,
};

export const catalogueKeys = {
  regions: ['catalogue', 'regions'] as const,
  types: (region: string) => ['catalogue', 'types', region] as const,
  partners: (region: string | undefined, type: string | undefined) =>
    ['catalogue', 'partners', region, type] as const,
  offers: (partnerId: number | null) => ['catalogue', 'offers', partnerId] as const,
};

export const offerKeys = {
  terms: ['offer'] as const,
};

export const privacyKeys = {
  policy: ['privacy'] as const,
  myData: ['my-data'] as const,
};

export const scannedCouponKeys = {
  /** Every scan's answer: what «Погашено сегодня» reads the latest of. */
  all: ['scanned-coupon'] as const,
  of: (qrToken: string | undefined) => [...scannedCouponKeys.all, qrToken] as const,
};

export const couponRequestKeys = {
  all: ['coupon-requests'] as const,
};

export const partnerKeys = {
  options: ['partners', 'options'] as const,
  admin: ['partners', 'admin'] as const,
  staff: (partnerId: number | null) => ['partners', 'staff', partnerId] as const,
};

export const adminPurchaseKeys = {
  all: ['admin-purchases'] as const,
  filtered: (filters: object) => [...adminPurchaseKeys.all, filters] as const,
};

export const reportKeys = {
  partners: ['reports', 'partners'] as const,
  /** Every partner's and period's redemptions: what hiding a rating's comment makes stale. */
  redemptions: ['reports', 'redemptions'] as const,
  redemptionsOf: (query: object | null) => [...reportKeys.redemptions, query] as const,
  weekly: (query: object | null) => ['reports', 'weekly', query] as const,
  season: (period: object | null) => ['reports', 'season', period] as const,
  settlement: (period: object | null) => ['reports', 'settlement', period] as const,
  audit: (query: object | null) => ['reports', 'audit', query] as const,
};

export const adminKeys = {
  invites: ['admin', 'invites'] as const,
  undelivered: ['admin', 'undelivered'] as const,
};

export const calendarKeys = {
  all: ['calendar'] as const,
  links: ['calendar', 'links'] as const,
  adminLinks: ['calendar', 'admin-links'] as const,
};

export const photoKeys = {
  all: ['photo'] as const,
  regions: ['photo', 'regions'] as const,
  organizers: (region: string, month: number) => ['photo', 'organizers', region, month] as const,
  adminDirectories: ['photo', 'admin-directories'] as const,
};

export const geoKeys = {
  all: ['geo'] as const,
  tracks: (timeZone: string) => ['geo', 'tracks', timeZone] as const,
  track: (userId: number, day: string, timeZone: string) => ['geo', 'track', userId, day, timeZone] as const,
};
