import type { Db } from '../../db/client.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import type { MembershipService } from '../users/membership.service.ts';
import { createRedeeming } from './redeem.ts';
import { redemptionEffects, undoEffects } from './redemption-effects.ts';
import { createScanner } from './scan.ts';

/** A partner's screen: the scan, the one redeem operation (the sync calls it too) and its undo. */
export function createRedemptionService(options: {
  db: Db;
  membership: Pick<MembershipService, 'isChatMember'>;
  notifications: Pick<
    NotificationService,
    'notifyCouponRedeemed' | 'askVisitRating' | 'notifyRedemptionUndone'
  >;
  timeZone: string;
}) {
  const { db, membership, notifications, timeZone } = options;
  return {
    ...createScanner({ db, timeZone }),
    ...createRedeeming({
      db,
      membership,
      effects: redemptionEffects(notifications),
      undoEffects: undoEffects(notifications),
    }),
  };
}

export type RedemptionService = ReturnType<typeof createRedemptionService>;
