import { type Core, manifest } from '../manifest.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import type { MembershipService } from '../users/membership.service.ts';
import { waitlistRefusals } from './texts.ts';
import { waitlistRoutes } from './waitlist.routes.ts';
import { createWaitlistService } from './waitlist.service.ts';

/**
 * The line of a sold-out offer: joined, left, and served by whatever frees a unit (it gives buying
 * and the offers' edit the `waitlist` policy they hand a freed unit over with).
 */
export const waitlistManifest = manifest({
  name: 'waitlist',
  refusals: waitlistRefusals,
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
    return {
      gives: { waitlist: waitlist.policy },
      routes: (api) => api.register(waitlistRoutes, { waitlist, membership }),
    };
  },
});
