import { and, eq, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BuyerRefundErrorCode, RefundErrorCode, type TRefundResponse } from '#contract/back-office-purchases';
import type { Db } from '../../db/client.ts';
import { payments, purchasedCoupons, refunds } from '../../db/schema.ts';
import { DomainError, type DomainErrorDetails } from '../../domain/domain-error.ts';
import { type PaymentProvider, PaymentProviderError, type ProviderRefund } from '../../payments/provider.ts';
import { recordAudit, subjectOf } from '../audit/audit-log.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import type { WaitlistPolicy } from '../offers/offers.api.ts';
import { buyerRefundRefusal } from '../purchased-coupons/buyer-refund-rule.ts';
import { runEffects } from '../purchased-coupons/coupon-effects.ts';
import {
  type CouponActor,
  type CouponRefusal,
  changeCoupon,
  holdForRefund,
  refusalOf,
} from '../purchased-coupons/coupon-state.ts';
import { couponLineOf, joinPurchasedCoupon } from '../purchased-coupons/purchased-coupons.query.ts';
import { couponStateOf } from '../purchased-coupons/visible-state.ts';
import { receiptFactsOfPayment } from '../purchases/receipt-facts.ts';
import { refundEffects, voidEffects } from './refund-effects.ts';
import type { AdminPurchaseRefusal } from './texts.ts';

type RefundRow = typeof refunds.$inferSelect;

/**
 * The coupon of a refund this service handles. A refund without one (a payment left without a unit)
 * is the admins' own queue's (unsold-refunds.service.ts), and never reaches here.
 */
function couponOf(row: RefundRow): string {
  if (row.purchasedCouponId === null) throw new Error(`refund ${row.id} is of no coupon`);
  return row.purchasedCouponId;
}

const refuse = (code: AdminPurchaseRefusal, details?: DomainErrorDetails) =>
  new DomainError<AdminPurchaseRefusal>(code, details);

/** The admin's refusal for a coupon refund or void cannot start from (refusalOf); REFUNDED is the caller's. */
function refusalCodeOf(refusal: CouponRefusal): AdminPurchaseRefusal {
  switch (refusal) {
    case 'REFUNDED':
      return 'already_refunded';
    case 'VOID':
      return RefundErrorCode.alreadyVoid;
    case 'USED':
      return RefundErrorCode.alreadyUsed;
    case 'HELD':
      return RefundErrorCode.giftHeld;
    default:
      // NOT_USED, EXPIRED, REFUND_PENDING never refuse a refund or a void (coupon-state.ts).
      throw new Error(`no refusal for ${refusal}`);
  }
}

/** A refund the provider has not finished this long ago is asked about by the sweep. */
const ASK_AFTER = sql`interval '2 minutes'`;

/**
 * Giving money back for an unused coupon, and voiding one whose money never came. A refund is
 * written down (PENDING, and the coupon closed to redeeming) before the provider is called with the
 * refund's id as its idempotence key; the coupon becomes REFUNDED in the transaction that records
 * the provider's «succeeded». So any number of presses, retries and processes make one refund.
 */
export function createRefundService(options: {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  notifications: NotificationService;
  /** SELF_REFUND_DAYS: a buyer returns a coupon themselves this long after buying it; null: while valid. */
  selfRefundDays?: number | null;
  /** How a sold-out offer's line is served: the unit a refund or a void frees goes to it first. */
  waitlist: WaitlistPolicy;
}) {
  const { db, provider, log, notifications, waitlist } = options;
  const selfRefundDays = options.selfRefundDays ?? null;
  const refunded = refundEffects(notifications, waitlist);
  const voided = voidEffects(notifications, waitlist);

  /** The coupon, locked for the caller's transaction, with its payment. */
  async function lockPurchase(tx: Db, purchasedCouponId: string) {
    const purchase = tx
      .select({
        id: purchasedCoupons.id,
        status: purchasedCoupons.status,
        expiresAt: purchasedCoupons.expiresAt,
        refundRequestedAt: purchasedCoupons.refundRequestedAt,
        refundedAt: purchasedCoupons.refundedAt,
        ownerId: purchasedCoupons.ownerId,
        purchasedAt: purchasedCoupons.purchasedAt,
        payerId: payments.userId,
        paymentId: payments.id,
        provider: payments.provider,
        providerPaymentId: payments.providerPaymentId,
        amount: payments.amount,
      })
      .from(purchasedCoupons)
      .$dynamic();
    const [row] = await joinPurchasedCoupon(purchase)
      .where(eq(purchasedCoupons.id, purchasedCouponId))
      .for('update', { of: purchasedCoupons });
    if (!row) throw refuse(RefundErrorCode.purchaseNotFound);
    return row;
  }

  /**
   * Who closes a coupon, as coupon-state.ts knows them: the admin who acted, or the provider whose
   * «succeeded» closes a refund nobody but its buyer (or nobody, a notice) asked for.
   */
  const closerOf = (actorId: number | null, byBuyer = false): CouponActor =>
    actorId === null || byBuyer ? { kind: 'payment-provider' } : { kind: 'admin', id: actorId };

  /** Closes the coupon as REFUNDED (or VOID), once, with what that sets going (refund-effects.ts). */
  async function close(
    tx: Db,
    purchasedCouponId: string,
    actorId: number | null,
    outcome: { status: 'REFUNDED'; amountRub: number; refundId: string } | { status: 'VOID' },
    actor: CouponActor = closerOf(actorId),
  ): Promise<void> {
    const change = outcome.status === 'REFUNDED' ? 'refund' : 'void';
    const [changed] = await changeCoupon(tx, change, actor, { id: purchasedCouponId });
    if (!changed) return;
    const closed = { purchasedCouponId, offerId: changed.couponId, ownerId: changed.ownerId, actorId };
    if (outcome.status === 'REFUNDED') await runEffects(tx, refunded, { ...closed, ...outcome });
    else await runEffects(tx, voided, closed);
  }

  /**
   * The admin's «Вернуть деньги»: through the provider that took the money, or, for the `link`
   * provider (money paid outside the app), recorded as returned outside it.
   */
  async function refund(adminId: number, purchasedCouponId: string): Promise<TRefundResponse> {
    const started = await db.transaction(async (tx) => {
      const purchase = await lockPurchase(tx, purchasedCouponId);
      const refusal = refusalOf(couponStateOf(purchase), 'requestRefund');
      // Asked again once refunded: the money went back, which is what the admin wants to hear.
      if (refusal === 'REFUNDED') return 'REFUNDED' as const;
      if (refusal) throw refuse(refusalCodeOf(refusal));
      const [live] = await tx
        .select()
        .from(refunds)
        .where(and(eq(refunds.purchasedCouponId, purchasedCouponId), ne(refunds.status, 'CANCELED')));
      if (live?.outside && live.status === 'PENDING') {
        // A buyer's request waiting in the admins' queue: the admin returned the money outside.
        await settleOutside(tx, live, adminId);
        return 'REFUNDED' as const;
      }
      if (live) return { refund: live, providerPaymentId: purchase.providerPaymentId };

      const outside = purchase.provider === 'link';
      const [created] = await tx
        .insert(refunds)
        .values({
          purchasedCouponId,
          paymentId: purchase.paymentId,
          provider: purchase.provider,
          amount: purchase.amount,
          outside,
          requestedBy: adminId,
          ...(outside ? { status: 'SUCCEEDED' as const, settledAt: sql`now()` } : {}),
        })
        .returning();
      if (!created) throw new Error('insert returned no row');
      await recordAudit(tx, {
        kind: 'refund.requested',
        actorId: adminId,
        subject: subjectOf.purchase(purchasedCouponId),
        details: { refundId: created.id, amount: created.amount, provider: created.provider, outside },
      });
      if (outside) {
        await close(tx, purchasedCouponId, adminId, {
          status: 'REFUNDED',
          amountRub: created.amount,
          refundId: created.id,
        });
        return 'REFUNDED' as const;
      }
      await holdForRefund(tx, purchasedCouponId, true);
      return { refund: created, providerPaymentId: purchase.providerPaymentId };
    });
    if (started === 'REFUNDED') return { status: 'REFUNDED' };
    return askProvider(started.refund, started.providerPaymentId);
  }

  /** Records a refund made outside the app (the admin's word) and closes the coupon. */
  async function settleOutside(tx: Db, row: RefundRow, adminId: number): Promise<void> {
    const [settled] = await tx
      .update(refunds)
      .set({ status: 'SUCCEEDED', settledAt: sql`now()` })
      .where(and(eq(refunds.id, row.id), eq(refunds.status, 'PENDING')))
      .returning();
    // The coupon's `coupon.refunded` event names the admin who marked it.
    if (!settled) return;
    await close(tx, couponOf(row), adminId, {
      status: 'REFUNDED',
      amountRub: row.amount,
      refundId: row.id,
    });
  }

  /**
   * The buyer's own «Вернуть деньги» in My QR: the admin's path, asked by the one who paid and
   * still holds the coupon while it is valid (purchased-coupons/buyer-refund-rule.ts). The coupon
   * closes to redeeming in the transaction that locks it, so of a refund and a redemption at once
   * exactly one wins.
   * Where the provider cannot give money back by itself (`link`, or a provider no longer
   * configured), the request waits for the admins, who are told by the bot.
   */
  async function refundForBuyer(buyerId: number, purchasedCouponId: string): Promise<TRefundResponse> {
    const started = await db.transaction(async (tx) => {
      const purchase = await lockPurchase(tx, purchasedCouponId);
      const refusal = buyerRefundRefusal(purchase, buyerId, selfRefundDays);
      if (refusal === 'not_yours') throw refuse(RefundErrorCode.purchaseNotFound);
      if (refusal === 'pending') {
        // Pressed again while it is under way: the same refund, asked about again.
        const [live] = await tx
          .select()
          .from(refunds)
          .where(and(eq(refunds.purchasedCouponId, purchasedCouponId), ne(refunds.status, 'CANCELED')));
        if (!live || live.outside) return 'REFUND_PENDING' as const;
        return { refund: live, providerPaymentId: purchase.providerPaymentId };
      }
      if (refusal) throw refuse(refusal, { days: selfRefundDays ?? 0 });

      const outside =
        purchase.provider !== provider.name || !provider.refund || purchase.providerPaymentId === null;
      const [created] = await tx
        .insert(refunds)
        .values({
          purchasedCouponId,
          paymentId: purchase.paymentId,
          provider: purchase.provider,
          amount: purchase.amount,
          outside,
          byBuyer: true,
          requestedBy: buyerId,
        })
        .returning();
      if (!created) throw new Error('insert returned no row');
      await recordAudit(tx, {
        kind: 'refund.requested',
        actorId: buyerId,
        subject: subjectOf.purchase(purchasedCouponId),
        details: {
          refundId: created.id,
          amount: created.amount,
          provider: created.provider,
          outside,
          byBuyer: true,
        },
      });
      await holdForRefund(tx, purchasedCouponId, true);
      if (!outside) return { refund: created, providerPaymentId: purchase.providerPaymentId };
      const coupon = await couponLineOf(tx, purchasedCouponId);
      if (coupon) {
        await notifications.notify(
          'REFUND_REQUESTED',
          { purchasedCouponId, buyerId, coupon, amountRub: created.amount },
          tx,
        );
      }
      return 'REFUND_PENDING' as const;
    });
    if (started === 'REFUND_PENDING') return { status: 'REFUND_PENDING' };
    try {
      return await askProvider(started.refund, started.providerPaymentId);
    } catch (error) {
      if (!(error instanceof DomainError && error.code === RefundErrorCode.refundFailed)) throw error;
      // Not reached: the sweep asks again (settlePendingRefunds) and the coupon stays closed meanwhile.
      if ((await currentStatus(started.refund.id)) === 'PENDING') return { status: 'REFUND_PENDING' };
      // Refused for good: the coupon is valid again, and the buyer (not sent to a dashboard) may retry.
      throw refuse(BuyerRefundErrorCode.failed);
    }
  }

  /** Sends the refund to the provider (again: the same id gives back the same refund) and records its answer. */
  async function askProvider(row: RefundRow, providerPaymentId: string | null): Promise<TRefundResponse> {
    if (row.status === 'SUCCEEDED') return { status: 'REFUNDED' };
    if (row.provider !== provider.name || !provider.refund || providerPaymentId === null) {
      throw refuse('refund_provider_gone');
    }
    let answer: ProviderRefund;
    try {
      answer = await provider.refund({
        refundId: row.id,
        providerPaymentId,
        amountRub: row.amount,
        description: `Возврат за купон ${row.purchasedCouponId}`,
        receipt: await receiptFactsOfPayment(db, row.paymentId, row.amount),
      });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      log.error({ err: error, refundId: row.id }, 'payment provider did not make the refund');
      if (!error.retryable)
        await record(row, { providerRefundId: row.providerRefundId ?? '', status: 'CANCELED' });
      throw refuse(RefundErrorCode.refundFailed);
    }
    return record(row, answer);
  }

  /** Writes the provider's answer: the coupon closes on SUCCEEDED, opens to redeeming again on CANCELED. */
  async function record(row: RefundRow, answer: ProviderRefund): Promise<TRefundResponse> {
    if (answer.status === 'PENDING') {
      await db
        .update(refunds)
        .set({ providerRefundId: answer.providerRefundId })
        .where(and(eq(refunds.id, row.id), eq(refunds.status, 'PENDING')));
      return { status: 'REFUND_PENDING' };
    }
    const settled = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(refunds)
        .set({
          status: answer.status,
          providerRefundId: answer.providerRefundId || null,
          settledAt: sql`now()`,
        })
        .where(and(eq(refunds.id, row.id), eq(refunds.status, 'PENDING')))
        .returning();
      if (!updated) return undefined;
      if (answer.status === 'SUCCEEDED') {
        await close(
          tx,
          couponOf(row),
          row.requestedBy,
          { status: 'REFUNDED', amountRub: row.amount, refundId: row.id },
          closerOf(row.requestedBy, row.byBuyer),
        );
      } else {
        await holdForRefund(tx, couponOf(row), false);
      }
      return updated.status;
    });
    const status = settled ?? (await currentStatus(row.id));
    if (status === 'SUCCEEDED') return { status: 'REFUNDED' };
    if (status === 'PENDING') return { status: 'REFUND_PENDING' };
    throw refuse(RefundErrorCode.refundFailed);
  }

  async function currentStatus(refundId: string) {
    const [row] = await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, refundId));
    return row?.status;
  }

  /** Refunds the provider has not finished: asked about again (the stale-payments sweep runs this). */
  async function settlePendingRefunds(): Promise<number> {
    if (!provider.getRefund) return 0;
    const pending = await db
      .select()
      .from(refunds)
      .where(
        and(
          eq(refunds.status, 'PENDING'),
          eq(refunds.provider, provider.name),
          // One made outside the app waits for an admin's word, not the provider's.
          eq(refunds.outside, false),
          lte(refunds.createdAt, sql`now() - ${ASK_AFTER}`),
        ),
      )
      .limit(50);
    let settled = 0;
    for (const row of pending) {
      try {
        const [payment] = await db
          .select({ providerPaymentId: payments.providerPaymentId })
          .from(payments)
          .where(eq(payments.id, row.paymentId));
        if (row.providerRefundId) await record(row, await provider.getRefund(row.providerRefundId));
        else await askProvider(row, payment?.providerPaymentId ?? null);
        settled += 1;
      } catch (error) {
        log.warn({ err: error, refundId: row.id }, 'pending refund not settled; asked again later');
      }
    }
    return settled;
  }

  /** The admin's «Аннулировать»: a `link` purchase whose money never came. */
  async function voidPurchase(adminId: number, purchasedCouponId: string): Promise<void> {
    await db.transaction(async (tx) => {
      const purchase = await lockPurchase(tx, purchasedCouponId);
      const refusal = refusalOf(couponStateOf(purchase), 'void');
      if (refusal === 'VOID') return;
      if (purchase.provider !== 'link') throw refuse(RefundErrorCode.notLinkProvider);
      if (refusal) throw refuse(refusalCodeOf(refusal));
      await close(tx, purchasedCouponId, adminId, { status: 'VOID' });
    });
  }

  return { refund, refundForBuyer, voidPurchase, settlePendingRefunds };
}

export type RefundService = ReturnType<typeof createRefundService>;
