import { and, asc, eq, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { closingReceipts, payments, purchasedCoupons } from '../../db/schema.ts';
import { type PaymentProvider, PaymentProviderError } from '../../payments/provider.ts';
import { type ReceiptSettings, soldAsPrepayment } from '../../payments/receipts.ts';
import { receiptFactsOfPayment } from '../purchases/receipt-facts.ts';

type Row = typeof closingReceipts.$inferSelect;

/** Rows a run takes, and how long a taken row is the run's before another process may take it. */
const BATCH = 25;
const LEASE_MS = 60_000;
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 6 * 3600_000;

export interface ClosingReceiptsReport {
  sent: number;
  retrying: number;
  failed: number;
}

/** YooKassa's Idempotence-Key of a coupon's closing receipt: one receipt, however often it is sent. */
export const closingReceiptKey = (purchasedCouponId: string) => `closing-${purchasedCouponId}`;

/**
 * The «зачет предоплаты» receipts (54-ФЗ): with YOOKASSA_RECEIPTS and a prepayment
 * RECEIPT_PAYMENT_MODE, a coupon paid through YooKassa gets one when it is redeemed, online or
 * synced from offline. `redeemed` writes it down in the redemption's own transaction; `sendSoon`
 * sends it once that has committed; `sendDue` (a maintenance sweep, in any number of processes)
 * sends again what failed until YooKassa accepts it, and what a process stopped before sending.
 */
export function createClosingReceipts(options: {
  db: Db;
  provider: PaymentProvider;
  settings: ReceiptSettings | null;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}) {
  const { db, provider, settings, log } = options;
  const on = soldAsPrepayment(settings) && provider.closingReceipt !== undefined;
  /** Receipts sent after a redemption, under way: the database must outlive them. */
  const sending = new Set<Promise<void>>();

  /** In the redemption's transaction: the coupon's closing receipt, written down once ever. */
  async function redeemed(tx: Db, purchasedCouponId: string): Promise<void> {
    if (!on) return;
    const [paid] = await tx
      .select({ id: purchasedCoupons.id })
      .from(purchasedCoupons)
      .innerJoin(payments, eq(payments.id, purchasedCoupons.paymentId))
      .where(
        and(
          eq(purchasedCoupons.id, purchasedCouponId),
          // The sale's receipt went with a YooKassa payment: the closing one names it.
          eq(payments.provider, provider.name),
          isNotNull(payments.providerPaymentId),
        ),
      );
    if (!paid) return;
    await tx.insert(closingReceipts).values({ purchasedCouponId }).onConflictDoNothing();
  }

  /**
   * A redemption undone before its receipt was first tried: nothing was rendered, so nothing is
   * sent (a receipt already on its way stays: a redemption again finds it and sends nothing more).
   */
  async function undone(tx: Db, purchasedCouponId: string): Promise<void> {
    if (!on) return;
    await tx
      .delete(closingReceipts)
      .where(
        and(
          eq(closingReceipts.purchasedCouponId, purchasedCouponId),
          eq(closingReceipts.status, 'PENDING'),
          eq(closingReceipts.attempts, 0),
        ),
      );
  }

  const later = (at: SQL, ms: number) => sql`${at} + make_interval(secs => ${ms / 1000})`;

  /**
   * Takes the due rows for this run (or the one coupon's): leased, so another process skips them
   * meanwhile.
   */
  async function claim(at: SQL, purchasedCouponId?: string): Promise<Row[]> {
    const due = db
      .select({ id: closingReceipts.purchasedCouponId })
      .from(closingReceipts)
      .where(
        and(
          eq(closingReceipts.status, 'PENDING'),
          lte(closingReceipts.nextAttemptAt, at),
          purchasedCouponId === undefined
            ? undefined
            : eq(closingReceipts.purchasedCouponId, purchasedCouponId),
        ),
      )
      .orderBy(asc(closingReceipts.nextAttemptAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(closingReceipts)
      .set({ attempts: sql`${closingReceipts.attempts} + 1`, nextAttemptAt: later(at, LEASE_MS) })
      .where(inArray(closingReceipts.purchasedCouponId, due))
      .returning();
  }

  async function finish(row: Row, fields: Partial<Row>) {
    await db
      .update(closingReceipts)
      .set(fields)
      .where(eq(closingReceipts.purchasedCouponId, row.purchasedCouponId));
  }

  async function send(row: Row, at: SQL): Promise<keyof ClosingReceiptsReport> {
    const [payment] = await db
      .select({ id: payments.id, providerPaymentId: payments.providerPaymentId, amount: payments.amount })
      .from(purchasedCoupons)
      .innerJoin(payments, eq(payments.id, purchasedCoupons.paymentId))
      .where(eq(purchasedCoupons.id, row.purchasedCouponId));
    const facts = payment && (await receiptFactsOfPayment(db, payment.id, payment.amount));
    if (!payment?.providerPaymentId || !facts || !provider.closingReceipt) {
      // The buyer's e-mail erased (or the provider changed) since: nobody to send it to.
      log.error({ purchasedCouponId: row.purchasedCouponId }, 'closing receipt cannot be made; not sent');
      await finish(row, { status: 'FAILED', lastError: 'no e-mail of the buyer or no YooKassa payment' });
      return 'failed';
    }
    try {
      const made = await provider.closingReceipt({
        idempotenceKey: closingReceiptKey(row.purchasedCouponId),
        providerPaymentId: payment.providerPaymentId,
        receipt: facts,
      });
      await finish(row, {
        status: 'SENT',
        providerReceiptId: made.providerReceiptId,
        lastError: null,
        sentAt: new Date(),
      });
      return 'sent';
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const about = { err: error, purchasedCouponId: row.purchasedCouponId, attempts: row.attempts };
      if (error instanceof PaymentProviderError && !error.retryable) {
        log.error(about, 'YooKassa refused a closing receipt; not sent (see closing_receipts)');
        await finish(row, { status: 'FAILED', lastError });
        return 'failed';
      }
      const delay = Math.min(FIRST_RETRY_MS * 2 ** (row.attempts - 1), MAX_RETRY_MS);
      log.warn({ ...about, retryInMs: delay }, 'closing receipt not sent; will retry');
      await db
        .update(closingReceipts)
        .set({ nextAttemptAt: later(at, delay), lastError })
        .where(eq(closingReceipts.purchasedCouponId, row.purchasedCouponId));
      return 'retrying';
    }
  }

  /**
   * Sends a coupon's receipt right after its redemption has committed: not inside it, where
   * YooKassa's answer would hold the coupon's row, nor awaited by the partner's answer. Best effort:
   * a failure is the sweep's to send again, as is a receipt this process stopped before sending
   * (its lease runs out).
   */
  function sendSoon(purchasedCouponId: string): void {
    if (!on) return;
    const job = (async () => {
      const at = sql`now()`;
      for (const row of await claim(at, purchasedCouponId)) await send(row, at);
    })()
      .catch((error: unknown) =>
        log.warn(
          { err: error, purchasedCouponId },
          'closing receipt not sent after its redemption; the sweep sends it',
        ),
      )
      .finally(() => sending.delete(job));
    sending.add(job);
  }

  /** Resolves when the receipts under way after redemptions are done. */
  const settled = async () => {
    await Promise.all(sending);
  };

  /**
   * One run: sends the receipts due. Times are the database's; a test passes `now` to act as if it
   * were later, instead of sleeping.
   */
  async function sendDue(now?: Date): Promise<ClosingReceiptsReport> {
    const report: ClosingReceiptsReport = { sent: 0, retrying: 0, failed: 0 };
    if (!on) return report;
    const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
    for (const row of await claim(at)) report[await send(row, at)] += 1;
    return report;
  }

  return { redeemed, undone, sendSoon, sendDue, settled };
}

export type ClosingReceipts = ReturnType<typeof createClosingReceipts>;
