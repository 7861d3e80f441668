import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TMessenger } from '#contract/messengers';
import type { TScanStatus } from '#contract/redemption';
import type { Db } from '../../db/client.ts';
import { gifts, payments, purchasedCoupons, retiredQrTokens, users } from '../../db/schema.ts';
import { nameOf, selectPurchasedCoupons } from './purchased-coupons.query.ts';
import { type VisibleState, visibleStateOfRow } from './visible-state.ts';

export type CouponRow = Awaited<ReturnType<ReturnType<typeof selectPurchasedCoupons>['where']>>[number];

/** The coupon a QR token names now, or named until a gift replaced it (retired_qr_tokens). */
export interface TokenCoupon {
  coupon: CouponRow;
  /** When a gift replaced this QR, and whom it was issued to: the giver, never the new owner. */
  replaced?: { at: Date; holder: string; messenger: TMessenger };
}

/** Who a retired QR was issued to. */
const givers = alias(users, 'givers');

/**
 * Every token is retired by a gift's change (given, held, claimed, canceled, returned) in that
 * gift's transaction, so the gift last made by then names who held the coupon; the buyer, should
 * there be none.
 */
const giverOfRetired = sql`coalesce(
  (SELECT ${gifts.fromUserId} FROM ${gifts}
    WHERE ${gifts.purchasedCouponId} = ${retiredQrTokens.purchasedCouponId}
      AND ${gifts.createdAt} <= ${retiredQrTokens.retiredAt}
    ORDER BY ${gifts.createdAt} DESC, ${gifts.id} DESC LIMIT 1),
  (SELECT ${payments.userId} FROM ${payments} JOIN ${purchasedCoupons}
     ON ${purchasedCoupons.paymentId} = ${payments.id}
    WHERE ${purchasedCoupons.id} = ${retiredQrTokens.purchasedCouponId}))`;

/**
 * The coupon of a token the server ever issued; undefined for one it never did. The partner's scan,
 * the redeem and the caption of a QR's photo in chat all read a token here.
 */
export async function couponOfToken(executor: Db, qrToken: string): Promise<TokenCoupon | undefined> {
  const [coupon] = await selectPurchasedCoupons(executor).where(eq(purchasedCoupons.qrToken, qrToken));
  if (coupon) return { coupon };
  const [retired] = await executor
    .select({
      id: retiredQrTokens.purchasedCouponId,
      at: retiredQrTokens.retiredAt,
      username: givers.username,
      firstName: givers.firstName,
      messenger: givers.messenger,
    })
    .from(retiredQrTokens)
    .innerJoin(givers, eq(givers.id, giverOfRetired))
    .where(eq(retiredQrTokens.qrToken, qrToken));
  if (!retired) return undefined;
  const [old] = await selectPurchasedCoupons(executor).where(eq(purchasedCoupons.id, retired.id));
  return (
    old && {
      coupon: old,
      replaced: {
        at: retired.at,
        holder: nameOf(retired.username, retired.firstName),
        messenger: retired.messenger,
      },
    }
  );
}

/**
 * What a token is worth at `at`: its coupon's visible state, or GIFTED_AWAY for a QR a gift
 * replaced and for a coupon held as a gift (its QR dead until the addressee claims it).
 */
export function tokenStatusOf(found: TokenCoupon, at = new Date()): TScanStatus {
  if (found.replaced) return 'GIFTED_AWAY';
  return scanStatusOf(visibleStateOfRow(found.coupon, at));
}

/** A visible state as a scan of the coupon's QR names it: a coupon held as a gift has none alive. */
export const scanStatusOf = (state: VisibleState): TScanStatus => (state === 'HELD' ? 'GIFTED_AWAY' : state);
