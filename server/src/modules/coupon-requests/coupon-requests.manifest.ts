import { type Core, manifest } from '../manifest.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { couponRequestsRoutes } from './coupon-requests.routes.ts';
import { createCouponRequestService } from './coupon-requests.service.ts';
import { couponRequestRefusals } from './texts.ts';

/** A partner's requests for new coupons, and the admins' decisions on them. */
export const couponRequestsManifest = manifest({
  name: 'coupon-requests',
  refusals: couponRequestRefusals,
  make: ({
    config,
    db,
    notifications,
  }: Pick<Core, 'config' | 'db'> & { notifications: NotificationService }) => {
    const requests = createCouponRequestService({
      db,
      paymentProvider: config.paymentProvider,
      notifications,
    });
    return { routes: (api) => api.register(couponRequestsRoutes, { requests }) };
  },
});
