import type { FastifyBaseLogger } from 'fastify';
import { repeat } from '../../jobs/repeat.ts';
import type { SweepClock } from '../../jobs/sweep-clock.ts';
import type { RefundService } from '../admin-purchases/refunds.service.ts';
import type { CheckoutService } from './checkout.service.ts';

/** How often the sweep looks for payments and refunds nobody settled, and coupons just expired. */
const SWEEP_EVERY_MS = 5 * 60_000;
const RETENTION_EVERY_MS = 24 * 3600_000;

/**
 * The background sweep started by main.ts: payments nobody settled (checkout.settleStalePayments),
 * refunds the provider has not finished, expiries to write to the audit log, reminders due, and once a day data
 * past its retention. Each part runs
 * on its own: one failing does not keep the others from running.
 */
export function createStalePaymentsWorker(options: {
  checkout: CheckoutService;
  refunds: RefundService;
  recordExpiries: () => Promise<number>;
  /** Deletes what is kept only for a while (privacy.service.ts); run once a day by each process. */
  deleteExpiredData: () => Promise<Record<string, number>>;
  /** Held gifts nobody claimed in seven days, back to their givers (gifts.service.ts). */
  returnUnclaimedGifts: () => Promise<number>;
  /** Reminders of coupons about to expire and gifts coming back (reminders.service.ts). */
  sendDueReminders: (now?: Date) => Promise<number>;
  log: FastifyBaseLogger;
  /** Told of each part that went through (the metrics' last success). */
  sweeps?: SweepClock;
}) {
  const {
    checkout,
    refunds,
    recordExpiries,
    deleteExpiredData,
    returnUnclaimedGifts,
    sendDueReminders,
    log,
    sweeps,
  } = options;
  let retentionRanAt = 0;
  const parts: [string, () => Promise<unknown>][] = [
    [
      'stale payments',
      async () => {
        const { asked, issued } = await checkout.settleStalePayments();
        if (asked > 0) log.info({ asked, issued }, 'stale payments asked about again');
      },
    ],
    ['pending refunds', refunds.settlePendingRefunds],
    ['expiries', recordExpiries],
    ['held gifts', returnUnclaimedGifts],
    ['reminders', sendDueReminders],
    [
      'retention',
      async () => {
        if (Date.now() - retentionRanAt < RETENTION_EVERY_MS) return;
        retentionRanAt = Date.now();
        log.info(await deleteExpiredData(), 'old geo points and redeem attempts deleted');
      },
    ],
  ];
  const runs = repeat(
    'stale payments',
    async () => {
      for (const [name, part] of parts) {
        await part().then(
          () => sweeps?.succeeded(name),
          (err: unknown) => log.error({ err }, `${name} sweep failed`),
        );
      }
      return { more: false };
    },
    { intervalMs: SWEEP_EVERY_MS, log },
  );
  return {
    ...runs,
    sweep: checkout.settleStalePayments,
    sweepRefunds: refunds.settlePendingRefunds,
    sweepExpiries: recordExpiries,
    sweepRetention: deleteExpiredData,
    sweepHeldGifts: returnUnclaimedGifts,
    sweepReminders: sendDueReminders,
  };
}
