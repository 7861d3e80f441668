import { type Core, manifest } from '../manifest.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { adminPurchasesRoutes } from './admin-purchases.routes.ts';
import { createPurchaseListService } from './purchase-list.service.ts';
import { createRefundService } from './refunds.service.ts';
import { adminPurchaseRefusals } from './texts.ts';

/** The admin's list of purchases, refunds and voids. */
export const adminPurchasesManifest = manifest({
  name: 'admin-purchases',
  refusals: adminPurchaseRefusals,
  make: ({
    db,
    log,
    timeZone,
    paymentProvider,
    notifications,
  }: Pick<Core, 'db' | 'log' | 'timeZone' | 'paymentProvider'> & { notifications: NotificationService }) => {
    const refunds = createRefundService({ db, provider: paymentProvider, log, notifications });
    return {
      gives: { refunds },
      routes: (api) =>
        api.register(adminPurchasesRoutes, { purchases: createPurchaseListService(db, timeZone), refunds }),
    };
  },
});
