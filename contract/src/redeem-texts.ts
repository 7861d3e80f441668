/**
 * The texts a redeem answers with (SPEC §4), apart from redemption.ts and its zod schemas: My QR
 * shows an expired coupon's status with one of them without loading zod.
 */
export const REDEEM_REFUSED = 'Купон не действителен';
/** The status line of a coupon whose money is on its way back to the buyer (scan, My QR, purchases). */
export const COUPON_REFUND_PENDING = 'Идет возврат денег';
/** The scan's status line and the redeem refusal of a coupon past its last day. */
export const COUPON_EXPIRED = 'Срок действия истек';
