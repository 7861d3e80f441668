import { type Core, manifest } from '../manifest.ts';
import type { QrImages } from '../purchased-coupons/qr-images.ts';
import type { UserService } from '../users/users.service.ts';
import { myCouponsRoutes } from './my-coupons.routes.ts';
import { createMyCouponsService } from './my-coupons.service.ts';
import { myCouponsRefusals } from './texts.ts';

/** My QR: the coupons a person holds (bought or given), each with its QR and what they may do with it. */
export const myCouponsManifest = manifest({
  name: 'my-coupons',
  refusals: myCouponsRefusals,
  make: async ({
    config,
    database,
    timeZone,
    users,
    qrImages,
  }: Pick<Core, 'config' | 'database' | 'timeZone'> & { users: UserService; qrImages: QrImages }) => {
    const myCoupons = await createMyCouponsService(database, {
      timeZone,
      selfRefundDays: config.selfRefundDays,
    });
    return { routes: (api) => api.register(myCouponsRoutes, { myCoupons, qrImages, users }) };
  },
});
