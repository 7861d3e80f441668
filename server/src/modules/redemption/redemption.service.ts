import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type TScannedCoupon, type TScanStatus, UNDO_WINDOW_MINUTES } from '#contract/redemption';
import type { Db } from '../../db/client.ts';
import {
  coupons,
  gifts,
  partners,
  payments,
  purchasedCoupons,
  redemptions,
  retiredQrTokens,
  users,
} from '../../db/schema.ts';
import { recordAudit, subjectOf } from '../audit/audit-log.ts';
import type { ClosingReceipts } from '../closing-receipts/closing-receipts.service.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import {
  type CouponActor,
  type CouponRefusal,
  changeCoupon,
  refusalOf,
} from '../purchased-coupons/coupon-state.ts';
import { lastValidDay } from '../purchased-coupons/expiry.ts';
import {
  joinPurchasedCoupon,
  nameOf,
  selectPurchasedCoupons,
  telegramNameOf,
} from '../purchased-coupons/purchased-coupons.query.ts';
import { formatCouponDate } from '../purchased-coupons/qr.ts';
import { couponStateOf, holderStateOf, visibleStateOfRow } from '../purchased-coupons/visible-state.ts';
import { ratingKeyboard } from '../ratings/rating-buttons.ts';
import type { MembershipService } from '../users/membership.service.ts';

export interface Redeemer {
  id: number;
  isAdmin: boolean;
  /** The companies they redeem for: as spokesman or staff. */
  partnerIds: readonly number[];
}

export type RedeemResult = (typeof redemptions.$inferInsert)['result'];

/** What a scanning partner is told of a coupon that cannot be redeemed: its expiry, its refund, or «used». */
const redeemResultOf = (refusal: CouponRefusal): RedeemResult =>
  refusal === 'EXPIRED' || refusal === 'REFUND_PENDING' ? refusal : 'ALREADY_USED';

/** Who a retired QR was issued to: the one who gave the coupon away (or held it as a gift). */
const givers = alias(users, 'givers');

type CouponRow = Awaited<ReturnType<ReturnType<typeof selectPurchasedCoupons>['where']>>[number];

const actorOf = (redeemer: Redeemer): CouponActor =>
  redeemer.isAdmin ? { kind: 'admin', id: redeemer.id } : { kind: 'partner', id: redeemer.id };

export function createRedemptionService(options: {
  db: Db;
  membership: MembershipService;
  notifications: Pick<NotificationService, 'notifyCouponRedeemed' | 'askVisitRating'>;
  /** The «зачет предоплаты» receipt a redemption owes, and an undo takes back while unsent. */
  closingReceipts: Pick<ClosingReceipts, 'redeemed' | 'undone'>;
  timeZone: string;
}) {
  const { db, membership, notifications, closingReceipts, timeZone } = options;

  async function findByToken(qrToken: string) {
    const [row] = await selectPurchasedCoupons(db).where(eq(purchasedCoupons.qrToken, qrToken));
    return row && holderStateOf(row) ? row : undefined;
  }

  const mayHandle = (redeemer: Redeemer, coupon: { partnerId: number }) =>
    redeemer.isAdmin || redeemer.partnerIds.includes(coupon.partnerId);

  const withinUndoWindow = (redeemedAt: Date | null) =>
    redeemedAt !== null && Date.now() - redeemedAt.getTime() < UNDO_WINDOW_MINUTES * 60_000;

  /**
   * A QR a gift replaced (retired_qr_tokens): its coupon, as printed on it for the one it was issued
   * to (the giver, never the new owner), and when it was replaced. Every token is retired by a
   * gift's change in the gift's own transaction, so the gift last made by then names the giver.
   */
  async function findRetired(qrToken: string) {
    const giverId = sql`coalesce((SELECT ${gifts.fromUserId} FROM ${gifts}
        WHERE ${gifts.purchasedCouponId} = ${retiredQrTokens.purchasedCouponId}
          AND ${gifts.createdAt} <= ${retiredQrTokens.retiredAt}
        ORDER BY ${gifts.createdAt} DESC, ${gifts.id} DESC LIMIT 1), ${payments.userId})`;
    const [row] = await joinPurchasedCoupon(
      db
        .select({
          partnerId: partners.id,
          purchasedAt: purchasedCoupons.purchasedAt,
          expiresAt: purchasedCoupons.expiresAt,
          discount: coupons.discount,
          companyName: partners.companyName,
          region: partners.region,
          address: partners.address,
          giverUsername: givers.username,
          giverFirstName: givers.firstName,
          giftedAwayAt: retiredQrTokens.retiredAt,
        })
        .from(retiredQrTokens)
        .innerJoin(purchasedCoupons, eq(purchasedCoupons.id, retiredQrTokens.purchasedCouponId))
        .$dynamic(),
    )
      .innerJoin(givers, eq(givers.id, giverId))
      .where(eq(retiredQrTokens.qrToken, qrToken));
    return row;
  }

  /** When a held coupon's gift was made: its QR died then. */
  async function heldSince(purchasedCouponId: string): Promise<Date | null> {
    const [gift] = await db
      .select({ at: gifts.createdAt })
      .from(gifts)
      .where(eq(gifts.purchasedCouponId, purchasedCouponId))
      .orderBy(desc(gifts.createdAt), desc(gifts.id))
      .limit(1);
    return gift?.at ?? null;
  }

  /** The coupons this person redeemed today (REPORT_TIME_ZONE's day) and still holds redeemed. */
  async function redeemedTodayBy(redeemerId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(purchasedCoupons)
      .where(
        and(
          eq(purchasedCoupons.redeemedBy, redeemerId),
          eq(purchasedCoupons.status, 'USED'),
          sql`${purchasedCoupons.redeemedAt} >= (now() AT TIME ZONE ${timeZone})::date::timestamp AT TIME ZONE ${timeZone}`,
        ),
      );
    return row?.n ?? 0;
  }

  const scanStatusOf = (coupon: CouponRow): TScanStatus => {
    const state = visibleStateOfRow(coupon);
    return state === 'HELD' ? 'GIFTED_AWAY' : state;
  };

  /** What a QR shows of its coupon, whatever became of it since. */
  const cardOf = (coupon: {
    purchasedAt: Date;
    expiresAt: Date | null;
    companyName: string;
    region: string;
    discount: number;
    address: string;
  }) => ({
    expiresAt: lastValidDay(coupon.expiresAt, timeZone),
    date: formatCouponDate(coupon.purchasedAt, timeZone),
    partner: coupon.companyName,
    region: coupon.region,
    discount: String(coupon.discount),
    address: coupon.address,
  });

  /**
   * The live state of a scanned coupon, whatever became of it: used, refunded, void, or its QR
   * replaced by a gift. Undefined only for a token never issued; 'foreign' for another company's.
   */
  async function scan(redeemer: Redeemer, qrToken: string): Promise<TScannedCoupon | 'foreign' | undefined> {
    const [coupon] = await selectPurchasedCoupons(db).where(eq(purchasedCoupons.qrToken, qrToken));
    if (coupon) {
      if (!mayHandle(redeemer, coupon)) return 'foreign';
      const status = scanStatusOf(coupon);
      const used = status === 'USED';
      const giftedAwayAt = status === 'GIFTED_AWAY' ? await heldSince(coupon.id) : null;
      return {
        status,
        ...cardOf(coupon),
        telegramName: telegramNameOf(coupon),
        canUndo:
          used &&
          (redeemer.isAdmin || (coupon.redeemedBy === redeemer.id && withinUndoWindow(coupon.redeemedAt))),
        redeemedAt: used ? (coupon.redeemedAt?.toISOString() ?? null) : null,
        redeemedBy:
          used && coupon.redeemerFirstName !== null
            ? nameOf(coupon.redeemerUsername, coupon.redeemerFirstName)
            : null,
        giftedAwayAt: giftedAwayAt?.toISOString() ?? null,
        redeemedToday: await redeemedTodayBy(redeemer.id),
      };
    }
    const retired = await findRetired(qrToken);
    if (!retired) return undefined;
    if (!mayHandle(redeemer, retired)) return 'foreign';
    return {
      status: 'GIFTED_AWAY',
      ...cardOf(retired),
      telegramName: nameOf(retired.giverUsername, retired.giverFirstName),
      canUndo: false,
      redeemedAt: null,
      redeemedBy: null,
      giftedAwayAt: retired.giftedAwayAt.toISOString(),
      redeemedToday: await redeemedTodayBy(redeemer.id),
    };
  }

  const record = (
    executor: Pick<Db, 'insert'>,
    redeemer: Redeemer,
    qrToken: string,
    result: RedeemResult,
    purchasedCouponId?: string,
  ) =>
    executor
      .insert(redemptions)
      .values({ qrToken, userId: redeemer.id, result, purchasedCouponId })
      .returning({ id: redemptions.id });

  /**
   * Redeems once: one conditional UPDATE, so of any number of simultaneous attempts exactly one
   * changes NOT_USED to USED. Every attempt is recorded with its result.
   */
  async function redeem(redeemer: Redeemer, qrToken: string): Promise<RedeemResult> {
    const coupon = await findByToken(qrToken);
    const refuse = async (result: RedeemResult) => {
      await record(db, redeemer, qrToken, result, coupon?.id);
      return result;
    };
    if (!coupon) return refuse('UNKNOWN_TOKEN');
    if (!mayHandle(redeemer, coupon)) return refuse('OTHER_COMPANY');
    const refusal = refusalOf(couponStateOf(coupon), 'redeem');
    if (refusal) return refuse(redeemResultOf(refusal));
    // SPEC §1: using a QR needs membership of the community chat.
    if (!(await membership.isChatMember(coupon.ownerId))) return refuse('OWNER_NOT_MEMBER');

    const redeemed = await db.transaction(async (tx) => {
      const [row] = await changeCoupon(tx, 'redeem', actorOf(redeemer), { id: coupon.id, qrToken });
      if (!row) return false;
      const [attempt] = await record(tx, redeemer, qrToken, 'REDEEMED', coupon.id);
      await recordAudit(tx, {
        kind: 'coupon.redeemed',
        actorId: redeemer.id,
        subject: subjectOf.purchase(coupon.id),
      });
      await closingReceipts.redeemed(tx, coupon.id);
      if (attempt) {
        const line = { companyName: coupon.companyName, discount: coupon.discount, region: coupon.region };
        await notifications.notifyCouponRedeemed(
          { redemptionId: attempt.id, ownerId: coupon.ownerId, coupon: line },
          tx,
        );
        await notifications.askVisitRating(
          {
            purchasedCouponId: coupon.id,
            ownerId: coupon.ownerId,
            coupon: line,
            keyboard: ratingKeyboard(coupon.id),
          },
          tx,
        );
      }
      return true;
    });
    if (!redeemed) {
      // Lost to a simultaneous change: told as the coupon stands now.
      const [now] = await selectPurchasedCoupons(db).where(eq(purchasedCoupons.id, coupon.id));
      const lostTo = now && refusalOf(couponStateOf(now), 'redeem');
      return refuse(lostTo ? redeemResultOf(lostTo) : 'ALREADY_USED');
    }
    return 'REDEEMED';
  }

  /**
   * Undoes a mistaken redemption: its partner within ten minutes, an admin at any time. A coupon
   * whose payment was refunded meanwhile becomes void, never valid again (purchased-coupons/coupon-state.ts).
   */
  async function undo(redeemer: Redeemer, qrToken: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [row] = await changeCoupon(tx, 'undo', actorOf(redeemer), { qrToken });
      if (row) {
        await record(tx, redeemer, qrToken, 'UNDONE', row.id);
        await recordAudit(tx, {
          kind: 'coupon.undone',
          actorId: redeemer.id,
          subject: subjectOf.purchase(row.id),
          details: { status: row.status },
        });
        await closingReceipts.undone(tx, row.id);
      }
      return row !== undefined;
    });
  }

  /** An attempt the route refused before the coupon was even looked at (not a partner, another name). */
  async function recordNotAllowed(userId: number, qrToken: string): Promise<void> {
    const coupon = await findByToken(qrToken);
    await record(db, { id: userId, isAdmin: false, partnerIds: [] }, qrToken, 'NOT_ALLOWED', coupon?.id);
  }

  return { scan, redeem, undo, recordNotAllowed };
}

export type RedemptionService = ReturnType<typeof createRedemptionService>;
