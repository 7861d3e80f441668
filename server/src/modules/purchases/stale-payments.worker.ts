import type { FastifyBaseLogger } from 'fastify';
import { repeat } from '../../jobs/repeat.ts';
import type { RefundService } from '../admin-purchases/refunds.service.ts';
import type { CheckoutService } from './checkout.service.ts';

/** How often the sweep looks for payments and refunds nobody settled, and coupons just expired. */
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * The background sweep started by main.ts: payments nobody settled (checkout.settleStalePayments),
 * refunds the provider has not finished, and expiries to write to the audit log. Each part runs
 * on its own: one failing does not keep the others from running.
 */
export function createStalePaymentsWorker(options: {
  checkout: CheckoutService;
  refunds: RefundService;
  recordExpiries: () => Promise<number>;
  log: FastifyBaseLogger;
}) {
  const { checkout, refunds, recordExpiries, log } = options;
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
  ];
  const runs = repeat(
    'stale payments',
    async () => {
      for (const [name, part] of parts) {
        await part().catch((err: unknown) => log.error({ err }, `${name} sweep failed`));
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
  };
}
