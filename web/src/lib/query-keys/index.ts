/**
 * Every key of the app's query cache, named in one place (bulletproof-react and TkDodo's key
 * factories): a mutation invalidates by the prefix its reads are stored under, and two features
 * that touch the same data (a gift, a payment and a refund all change My QR's list) name it alike
 * without importing each other. A key's parts are what its answer depends on.
 *
 * One file an area, re-exported here: the bundler puts each where its users are, so a screen's
 * chunk carries only the keys it uses (one module of them all sat whole in Home's entry).
 */

export { adminKeys } from './admin';
export { adminPurchaseKeys } from './admin-purchases';
export { calendarKeys } from './calendar';
export { catalogueKeys } from './catalogue';
export { couponRequestKeys } from './coupon-requests';
export { devUserKeys } from './dev-users';
export { emailKeys } from './email';
export { geoKeys } from './geo';
export { giftKeys } from './gifts';
export { inviteKeys } from './invites';
export { myCouponsKeys } from './my-coupons';
export { partnerKeys } from './partners';
export { photoKeys } from './photo';
export { privacyKeys } from './privacy';
export { publicOfferKeys } from './public-offer';
export { reportKeys } from './reports';
export { scannedCouponKeys } from './scanned-coupons';
export { sessionKeys } from './session';
export { waitlistKeys } from './waitlist';
