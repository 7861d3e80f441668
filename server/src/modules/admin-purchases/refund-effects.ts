import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments, purchasedCoupons } from '../../db/schema.ts';
import { recordAudit, subjectOf } from '../audit/audit-log.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { serveLineOf, type WaitlistPolicy } from '../offers/offers.api.ts';
import type { CouponEffect } from '../purchased-coupons/coupon-effects.ts';
import { couponLineOf } from '../purchased-coupons/purchased-coupons.query.ts';

/** A coupon closed by an admin's refund or void, or a refund the provider finished. */
export interface Closed {
  purchasedCouponId: string;
  /** Its offer: the unit it held goes to the offer's line. */
  offerId: number;
  ownerId: number;
  /** The admin who acted, the buyer who asked, or null for the provider's own word. */
  actorId: number | null;
}
export interface Refunded extends Closed {
  amountRub: number;
  refundId: string;
}

/** Who is told of a closed coupon: its holder, and whoever paid for it (the money goes back to them). */
async function withdrawn(tx: Db, closed: Closed) {
  const coupon = await couponLineOf(tx, closed.purchasedCouponId);
  const [paid] = await tx
    .select({ payerId: payments.userId })
    .from(purchasedCoupons)
    .innerJoin(payments, eq(payments.id, purchasedCoupons.paymentId))
    .where(eq(purchasedCoupons.id, closed.purchasedCouponId));
  if (!coupon || !paid) return undefined;
  return {
    purchasedCouponId: closed.purchasedCouponId,
    ownerId: closed.ownerId,
    payerId: paid.payerId,
    coupon,
    byOwner: closed.actorId === closed.ownerId,
  };
}

/** The unit a closed coupon held goes to its offer's line before the close commits (ADR 0023). */
const serveTheLine =
  (waitlist: WaitlistPolicy): CouponEffect<Closed> =>
  (tx, closed) =>
    serveLineOf(tx, closed.offerId, waitlist);

/** What a refund sets going: its audit row, the holder and the payer told, the unit to the line. */
export const refundEffects = (
  notifications: Pick<NotificationService, 'notify'>,
  waitlist: WaitlistPolicy,
): readonly CouponEffect<Refunded>[] => [
  (tx, refunded) =>
    recordAudit(tx, {
      kind: 'coupon.refunded',
      actorId: refunded.actorId,
      subject: subjectOf.purchase(refunded.purchasedCouponId),
      details: { amount: refunded.amountRub, refundId: refunded.refundId },
    }),
  async (tx, refunded) => {
    const told = await withdrawn(tx, refunded);
    if (told) await notifications.notify('COUPON_REFUNDED', { ...told, amountRub: refunded.amountRub }, tx);
  },
  serveTheLine(waitlist),
];

/** What a void sets going: its audit row, the holder and the payer told, the unit to the line. */
export const voidEffects = (
  notifications: Pick<NotificationService, 'notify'>,
  waitlist: WaitlistPolicy,
): readonly CouponEffect<Closed>[] => [
  (tx, voided) =>
    recordAudit(tx, {
      kind: 'coupon.voided',
      actorId: voided.actorId,
      subject: subjectOf.purchase(voided.purchasedCouponId),
      details: {},
    }),
  async (tx, voided) => {
    const told = await withdrawn(tx, voided);
    if (told) await notifications.notify('COUPON_VOIDED', told, tx);
  },
  serveTheLine(waitlist),
];
