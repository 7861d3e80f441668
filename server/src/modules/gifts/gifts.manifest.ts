import { EVERY_FIVE_MINUTES } from '../../jobs/maintenance.ts';
import { type Core, manifest } from '../manifest.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import type { QrImages } from '../purchased-coupons/qr-images.ts';
import type { MembershipService } from '../users/membership.service.ts';
import type { UserService } from '../users/users.service.ts';
import { createGiftShareService } from './gift-share.service.ts';
import { giftsRoutes } from './gifts.routes.ts';
import { createGiftService } from './gifts.service.ts';
import { giftRefusals } from './texts.ts';

/**
 * Gifts to friends, held ones for a username not yet seen (ADR 12) and the sweep that returns them
 * unclaimed, and the message that tells of one.
 */
export const giftsManifest = manifest({
  name: 'gifts',
  refusals: giftRefusals,
  make: ({
    db,
    log,
    messengers,
    users,
    membership,
    notifications,
    qrImages,
  }: Pick<Core, 'db' | 'log' | 'messengers'> & {
    users: UserService;
    membership: MembershipService;
    notifications: NotificationService;
    qrImages: QrImages;
  }) => {
    const gifts = createGiftService({ db, users, membership, notifications, drawQrSoon: qrImages.drawSoon });
    return {
      gives: { gifts },
      routes: (api) =>
        api.register(giftsRoutes, {
          gifts,
          share: createGiftShareService({ db, messengers, log }),
          membership,
        }),
      sweeps: {
        heldGifts: { name: 'held gifts', every: EVERY_FIVE_MINUTES, run: gifts.returnUnclaimedGifts },
      },
    };
  },
});
