import type { FastifyBaseLogger } from 'fastify';
import { repeat } from './repeat.ts';
import type { SweepClock } from './sweep-clock.ts';

/** How often the sweeps run. */
const EVERY_MS = 5 * 60_000;
/** Retention deletes once a day in each process. */
const RETENTION_EVERY_MS = 24 * 3600_000;

/** The background sweeps, each a module's own function. */
export interface Sweeps {
  /** Payments nobody settled, asked about again (purchases/payment-settle.ts). */
  stalePayments: () => Promise<{ asked: number; issued: number }>;
  /** Refunds the provider has not finished (admin-purchases/refunds.service.ts). */
  pendingRefunds: () => Promise<unknown>;
  /** «Зачет предоплаты» receipts of redeemed coupons not sent after the redemption, sent again (closing-receipts.service.ts). */
  closingReceipts: (now?: Date) => Promise<unknown>;
  /** Coupons past their last day, written to the audit log (purchased-coupons/expiry-log.ts). */
  expiries: () => Promise<number>;
  /** Held gifts nobody claimed in seven days, back to their givers (gifts.service.ts). */
  heldGifts: () => Promise<number>;
  /** Reminders of coupons about to expire and of gifts coming back (reminders.service.ts). */
  reminders: (now?: Date) => Promise<number>;
  /** What is kept only for a while, deleted (privacy.service.ts). */
  retention: () => Promise<Record<string, number>>;
}

/** Each sweep's name in the log and in the metrics' last successes. */
const NAMES: Record<keyof Sweeps, string> = {
  stalePayments: 'stale payments',
  pendingRefunds: 'pending refunds',
  closingReceipts: 'closing receipts',
  expiries: 'expiries',
  heldGifts: 'held gifts',
  reminders: 'reminders',
  retention: 'retention',
};

/**
 * The background maintenance main.ts starts: every five minutes each sweep in turn, each on its
 * own (one failing does not keep the others from running), retention once a day. `sweeps` runs one
 * at once, by name, as the tests do.
 */
export function createMaintenance(options: {
  sweeps: Sweeps;
  log: FastifyBaseLogger;
  /** Told of each sweep that went through (the metrics' last success). */
  clock?: SweepClock;
}) {
  const { sweeps, log, clock } = options;
  let retentionRanAt = 0;
  const runs: Record<keyof Sweeps, () => Promise<unknown>> = {
    ...sweeps,
    async stalePayments() {
      const { asked, issued } = await sweeps.stalePayments();
      if (asked > 0) log.info({ asked, issued }, 'stale payments asked about again');
    },
    reminders: () => sweeps.reminders(),
    closingReceipts: () => sweeps.closingReceipts(),
    async retention() {
      if (Date.now() - retentionRanAt < RETENTION_EVERY_MS) return;
      retentionRanAt = Date.now();
      const deleted = await sweeps.retention();
      // A day with nothing to delete is not worth a line.
      if (Object.values(deleted).some((count) => count > 0)) {
        log.info(deleted, 'old geo points and redeem attempts deleted');
      }
    },
  };
  const worker = repeat(
    'maintenance',
    async () => {
      for (const sweep of Object.keys(NAMES) as (keyof Sweeps)[]) {
        await runs[sweep]().then(
          () => clock?.succeeded(NAMES[sweep]),
          (err: unknown) => log.error({ err }, `${NAMES[sweep]} sweep failed`),
        );
      }
      return { more: false };
    },
    { intervalMs: EVERY_MS, log },
  );
  return { ...worker, sweeps };
}

export type Maintenance = ReturnType<typeof createMaintenance>;
