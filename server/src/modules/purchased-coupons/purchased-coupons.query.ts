import { eq } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { coupons, partners, payments, purchasedCoupons, users } from '../../db/schema.ts';

/**
 * The people of a purchased coupon, by their part: its owner (the buyer, until a gift), its redeemer
 * and its payer (the buyer for good: joined by whoever needs them, on `payments.userId`).
 */
export const owners = alias(users, 'owners');
export const redeemers = alias(users, 'redeemers');
export const payers = alias(users, 'payers');

/**
 * The purchased coupon with its payment, offer, partner, owner and redeemer (none until redeemed):
 * the one join the QR, the scan, the admin's purchase list, the reports, refunds and offline sync
 * share. Each picks its fields and adds its own conditions (and joins: a report its rating):
 * `joinPurchasedCoupon(db.select({ … }).from(purchasedCoupons).$dynamic()).where(…)`.
 */
export function joinPurchasedCoupon<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(payments, eq(payments.id, purchasedCoupons.paymentId))
    .innerJoin(coupons, eq(coupons.id, purchasedCoupons.couponId))
    .innerJoin(partners, eq(partners.id, coupons.partnerId))
    .innerJoin(owners, eq(owners.id, purchasedCoupons.ownerId))
    .leftJoin(redeemers, eq(redeemers.id, purchasedCoupons.redeemedBy));
}

/** A purchased coupon with what its QR, its scan and its messages tell: offer, partner and owner. */
export function selectPurchasedCoupons(executor: Pick<Db, 'select'>) {
  const fields = {
    id: purchasedCoupons.id,
    status: purchasedCoupons.status,
    ownerId: purchasedCoupons.ownerId,
    qrToken: purchasedCoupons.qrToken,
    qrPng: purchasedCoupons.qrPng,
    purchasedAt: purchasedCoupons.purchasedAt,
    redeemedAt: purchasedCoupons.redeemedAt,
    redeemedBy: purchasedCoupons.redeemedBy,
    expiresAt: purchasedCoupons.expiresAt,
    refundRequestedAt: purchasedCoupons.refundRequestedAt,
    discount: coupons.discount,
    partnerId: partners.id,
    companyName: partners.companyName,
    region: partners.region,
    address: partners.address,
    spokesmanUserId: partners.spokesmanUserId,
    ownerUsername: owners.username,
    ownerFirstName: owners.firstName,
    ownerMessenger: owners.messenger,
    redeemerUsername: redeemers.username,
    redeemerFirstName: redeemers.firstName,
  };
  return joinPurchasedCoupon(executor.select(fields).from(purchasedCoupons).$dynamic());
}

/** How the QR and the partner's screen name a person: @username, or the first name without one. */
export const telegramNameOf = (row: { ownerUsername: string | null; ownerFirstName: string }) =>
  nameOf(row.ownerUsername, row.ownerFirstName);

export const nameOf = (username: string | null, firstName: string) => (username ? `@${username}` : firstName);

/**
 * What a message says about a purchased coupon: the company, the discount and the region, and the
 * day it was bought (ДД.ММ.ГГГГ, as its QR writes it) where coupons of one offer must be told apart.
 */
export interface CouponLine {
  companyName: string;
  discount: number;
  region?: string;
  boughtOn?: string;
}

/** The columns of a coupon line, for a query that joins coupons and partners itself. */
export const couponLineColumns = {
  companyName: partners.companyName,
  discount: coupons.discount,
  region: partners.region,
};

/** The coupon line of one purchased coupon, read in the caller's transaction. */
export async function couponLineOf(executor: Db, purchasedCouponId: string): Promise<CouponLine | undefined> {
  const [row] = await selectPurchasedCoupons(executor).where(eq(purchasedCoupons.id, purchasedCouponId));
  return row && { companyName: row.companyName, discount: row.discount, region: row.region };
}
