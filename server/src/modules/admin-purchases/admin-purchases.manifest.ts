import { EVERY_FIVE_MINUTES } from '../../jobs/maintenance.ts';
import { type Core, manifest } from '../manifest.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import type { WaitlistPolicy } from '../offers/offers.api.ts';
import { adminPurchasesRoutes } from './admin-purchases.routes.ts';
import { buyerRefundsRoutes } from './buyer-refunds.routes.ts';
import { createPurchaseListService } from './purchase-list.service.ts';
import { createRefundService } from './refunds.service.ts';
import { adminPurchaseRefusals } from './texts.ts';
import { createUnsoldRefunds } from './unsold-refunds.service.ts';

/**
 * The admin's list of purchases, refunds and voids, the money owed without a coupon, the buyer's
 * own refund, and the sweep of refunds the provider has not finished.
 */
export const adminPurchasesManifest = manifest({
  name: 'admin-purchases',
  refusals: adminPurchaseRefusals,
  make: ({
    db,
    log,
    config,
    timeZone,
    paymentProvider,
    notifications,
    waitlist,
  }: Pick<Core, 'db' | 'log' | 'config' | 'timeZone' | 'paymentProvider'> & {
    notifications: NotificationService;
    waitlist: WaitlistPolicy;
  }) => {
    const refunds = createRefundService({
      db,
      provider: paymentProvider,
      log,
      notifications,
      selfRefundDays: config.selfRefundDays,
      waitlist,
    });
    return {
      gives: { refunds },
      routes: async (api) => {
        await api.register(adminPurchasesRoutes, {
          purchases: createPurchaseListService(db, timeZone),
          refunds,
          unsoldRefunds: createUnsoldRefunds({ db, notifications }),
        });
        // The buyer's own «Вернуть деньги» in My QR: the same refunds, asked by the one who paid.
        await api.register(buyerRefundsRoutes, { refunds });
      },
      sweeps: {
        pendingRefunds: {
          name: 'pending refunds',
          every: EVERY_FIVE_MINUTES,
          run: refunds.settlePendingRefunds,
        },
      },
    };
  },
});
