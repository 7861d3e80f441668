import type { FastifyBaseLogger } from 'fastify';
import { repeat } from '../../jobs/repeat.ts';
import type { CheckoutService } from './checkout.service.ts';

/** How often the sweep looks for payments nobody settled (checkout.settleStalePayments). */
const SWEEP_EVERY_MS = 5 * 60_000;

/** The background sweep of stale payments, started by main.ts; `sweep` runs it once (tests). */
export function createStalePaymentsWorker(checkout: CheckoutService, log: FastifyBaseLogger) {
  const runs = repeat(
    'stale payments',
    async () => {
      const { asked, issued } = await checkout.settleStalePayments();
      if (asked > 0) log.info({ asked, issued }, 'stale payments asked about again');
      return { more: false };
    },
    { intervalMs: SWEEP_EVERY_MS, log },
  );
  return { ...runs, sweep: checkout.settleStalePayments };
}
