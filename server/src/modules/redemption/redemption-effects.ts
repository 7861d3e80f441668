import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications as outbox, redemptions } from '../../db/schema.ts';
import { personOfChat } from '../../messenger/people.ts';
import type { ClosingReceipts } from '../closing-receipts/closing-receipts.service.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { formatCouponDate } from '../purchased-coupons/qr.ts';
import { ratingButtons } from '../ratings/rating-buttons.ts';
import type { CommittedEffect, RedemptionEffect, UndoEffect } from './redeem.ts';

/** The owner's «погашен» of an earlier, undone redemption of the coupon: sent, or still to be sent. */
async function toldOfEarlierRedemption(tx: Db, purchasedCouponId: string, before: number, ownerId: number) {
  const [told] = await tx
    .select({ id: outbox.id })
    .from(redemptions)
    .innerJoin(
      outbox,
      and(
        eq(outbox.kind, 'COUPON_REDEEMED'),
        eq(outbox.eventKey, sql`${redemptions.id}::text`),
        eq(personOfChat(outbox.messenger, outbox.chatId), ownerId),
        isNull(outbox.failedAt),
      ),
    )
    .where(
      and(
        eq(redemptions.purchasedCouponId, purchasedCouponId),
        eq(redemptions.result, 'REDEEMED'),
        lt(redemptions.id, before),
      ),
    )
    .limit(1);
  return told !== undefined;
}

/**
 * What every redemption sets going, online or synced (redeem.ts runs them in its transaction): the
 * «зачет предоплаты» receipt a coupon sold as a prepayment owes (once per coupon), the owner's
 * «погашен» message and the ask to rate the visit (each once per redemption by its key). Whatever
 * else a redemption is to trigger is added here.
 */
export const redemptionEffects = (
  notifications: NotificationService,
  closingReceipts: Pick<ClosingReceipts, 'redeemed'>,
  timeZone: string,
): readonly RedemptionEffect[] => [
  (tx, redemption) => closingReceipts.redeemed(tx, redemption.purchasedCouponId),
  async (tx, redemption) => {
    await notifications.notify(
      'COUPON_REDEEMED',
      {
        redemptionId: redemption.redemptionId,
        ownerId: redemption.ownerId,
        coupon: redemption.coupon,
        // After an undo the owner heard of, this is «снова погашен», not a first «погашен».
        again: await toldOfEarlierRedemption(
          tx,
          redemption.purchasedCouponId,
          redemption.redemptionId,
          redemption.ownerId,
        ),
      },
      tx,
    );
  },
  async (tx, redemption) => {
    await notifications.notify(
      'VISIT_RATING_ASKED',
      {
        purchasedCouponId: redemption.purchasedCouponId,
        ownerId: redemption.ownerId,
        coupon: redemption.coupon,
        visitedOn: formatCouponDate(redemption.at, timeZone),
        buttons: ratingButtons(redemption.purchasedCouponId),
      },
      tx,
    );
  },
];

/**
 * What a redemption sets going once committed: the closing receipt written down in it, sent to
 * YooKassa at once (the closing receipts' sweep only sends again what did not go).
 */
export const committedEffects = (
  closingReceipts: Pick<ClosingReceipts, 'sendSoon'>,
): readonly CommittedEffect[] => [(redemption) => closingReceipts.sendSoon(redemption.purchasedCouponId)];

/**
 * What an undo sets going, in its transaction. The closing receipt not yet tried is taken back. The
 * owner's chat reads as what happened: a «погашен»
 * (and the ask to rate) no worker has taken yet is withdrawn, and then the undo says nothing; one
 * already on its way or sent is followed by «Погашение отменено: купон снова действует».
 */
export const undoEffects = (
  notifications: NotificationService,
  closingReceipts: Pick<ClosingReceipts, 'undone'>,
): readonly UndoEffect[] => [
  // Its closing receipt, while it was never tried: owed by no redemption now.
  (tx, undone) => closingReceipts.undone(tx, undone.purchasedCouponId),
  async (tx, undone) => {
    // A coupon the undo left void: its owner hears of the refund, not of a valid coupon.
    const { coupon } = undone;
    if (!coupon) return;
    const [redeemed] = await tx
      .select({ id: redemptions.id })
      .from(redemptions)
      .where(
        and(eq(redemptions.purchasedCouponId, undone.purchasedCouponId), eq(redemptions.result, 'REDEEMED')),
      )
      .orderBy(desc(redemptions.id))
      .limit(1);
    const withdrawn = redeemed
      ? await notifications.withdraw(
          'COUPON_REDEEMED',
          redeemed.id,
          'the redemption was undone before this was sent',
          tx,
        )
      : 0;
    if (withdrawn > 0) {
      // Deleted, not set aside: its key is the coupon's, and a redemption later asks again.
      await tx.delete(outbox).where(
        and(
          eq(outbox.kind, 'VISIT_RATING_ASKED'),
          eq(outbox.eventKey, undone.purchasedCouponId),
          eq(personOfChat(outbox.messenger, outbox.chatId), undone.ownerId),
          isNull(outbox.sentAt),
          isNull(outbox.failedAt),
          // Never taken by a worker: one that is sending it now may already have got it through.
          eq(outbox.attempts, 0),
        ),
      );
      return;
    }
    await notifications.notify(
      'COUPON_REDEMPTION_UNDONE',
      { undoId: undone.undoId, ownerId: undone.ownerId, coupon },
      tx,
    );
  },
];
