import { type Core, manifest } from '../manifest.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import type { MembershipService } from '../users/membership.service.ts';
import { offersRoutes } from './offers.routes.ts';
import { createOfferService } from './offers.service.ts';
import { offerRefusals } from './texts.ts';
import { waitlistRoutes } from './waitlist.routes.ts';
import { createWaitlistService } from './waitlist.service.ts';

/**
 * The offer: the admin's edit of it (withdrawn, reopened, its terms and limits) and its line, joined
 * and left. It gives `waitlist`, the policy buying, refunds and erasure serve its line with whenever
 * they free a unit (offers.api.ts).
 */
export const offersManifest = manifest({
  name: 'offers',
  refusals: offerRefusals,
  make: ({
    config,
    db,
    timeZone,
    notifications,
    membership,
  }: Pick<Core, 'config' | 'db' | 'timeZone'> & {
    notifications: NotificationService;
    membership: MembershipService;
  }) => {
    const waitlist = createWaitlistService({
      db,
      notifications,
      minutes: config.waitlistHoldMinutes,
      timeZone,
    });
    const offers = createOfferService(db, {
      paymentLinkNeeded: config.paymentProvider === 'link',
      waitlist: waitlist.policy,
    });
    return {
      gives: { waitlist: waitlist.policy },
      routes: async (api) => {
        await api.register(offersRoutes, { offers, timeZone });
        await api.register(waitlistRoutes, { waitlist, membership });
      },
    };
  },
});
