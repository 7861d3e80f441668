import type { Db } from '../../db/client.ts';
import type { ClosingReceipts } from '../closing-receipts/closing-receipts.service.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import type { MembershipService } from '../users/membership.service.ts';
import { createRedeeming } from './redeem.ts';
import { committedEffects, redemptionEffects, undoEffects } from './redemption-effects.ts';
import { createScanner } from './scan.ts';

/** A partner's screen: the scan, the one redeem operation (the sync calls it too) and its undo. */
export function createRedemptionService(options: {
  db: Db;
  membership: Pick<MembershipService, 'isChatMember'>;
  notifications: NotificationService;
  closingReceipts: Pick<ClosingReceipts, 'redeemed' | 'sendSoon' | 'undone'>;
  timeZone: string;
}) {
  const { db, membership, notifications, closingReceipts, timeZone } = options;
  return {
    ...createScanner({ db, timeZone }),
    ...createRedeeming({
      db,
      membership,
      effects: redemptionEffects(notifications, closingReceipts, timeZone),
      committedEffects: committedEffects(closingReceipts),
      undoEffects: undoEffects(notifications, closingReceipts),
      timeZone,
    }),
  };
}

export type RedemptionService = ReturnType<typeof createRedemptionService>;
