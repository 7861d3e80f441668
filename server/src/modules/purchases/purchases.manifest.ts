import { messengerNamesOf } from '../../domain/messenger.ts';
import { EVERY_FIVE_MINUTES } from '../../jobs/maintenance.ts';
import { type Core, manifest } from '../manifest.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import type { WaitlistPolicy } from '../offers/offers.api.ts';
import type { PrivacyService } from '../privacy/privacy.service.ts';
import type { QrImages } from '../purchased-coupons/qr-images.ts';
import type { MembershipService } from '../users/membership.service.ts';
import { createCheckoutService } from './checkout.service.ts';
import { paymentPagesRoutes } from './payment-pages.routes.ts';
import { purchasesRoutes } from './purchases.routes.ts';
import { purchaseRefusals } from './texts.ts';

/** Buying: start, settle, issue, the provider's notices and pages, the sweep of stale payments. */
export const purchasesManifest = manifest({
  name: 'purchases',
  refusals: purchaseRefusals,
  make: ({
    config,
    db,
    log,
    timeZone,
    paymentProvider,
    messengers,
    membership,
    notifications,
    privacy,
    qrImages,
    waitlist,
  }: Pick<Core, 'config' | 'db' | 'log' | 'timeZone' | 'paymentProvider' | 'messengers'> & {
    membership: MembershipService;
    notifications: NotificationService;
    privacy: PrivacyService;
    qrImages: QrImages;
    waitlist: WaitlistPolicy;
  }) => {
    const checkout = createCheckoutService({
      db,
      provider: paymentProvider,
      log,
      notifications,
      timeZone,
      privacy,
      receipts: config.receipts !== null,
      holdMinutes: config.offerHoldMinutes,
      drawQrSoon: qrImages.drawSoon,
      waitlist,
    });
    return {
      gives: { checkout },
      openRoutes: (app) =>
        app.register(paymentPagesRoutes, {
          checkout,
          provider: config.paymentProvider,
          yookassaSendersOnly: config.yookassa.notificationsFromItsAddressesOnly,
          messengerNames: messengerNamesOf(messengers),
        }),
      routes: (api) => api.register(purchasesRoutes, { checkout, membership, privacy }),
      sweeps: {
        stalePayments: {
          name: 'stale payments',
          every: EVERY_FIVE_MINUTES,
          run: async () => {
            const { asked, issued } = await checkout.settleStalePayments();
            if (asked > 0) log.info({ asked, issued }, 'stale payments asked about again');
            return { asked, issued };
          },
        },
      },
    };
  },
});
