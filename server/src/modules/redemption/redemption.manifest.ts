import type { CouponSigner } from '../coupon-signing/coupon-signer.ts';
import { type Core, manifest } from '../manifest.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import type { PartnerAccess } from '../partners/partner-access.ts';
import type { MembershipService } from '../users/membership.service.ts';
import { createOfflineRedemptionService } from './offline.service.ts';
import { redemptionRoutes } from './redemption.routes.ts';
import { createRedemptionService } from './redemption.service.ts';
import { redemptionRefusals } from './texts.ts';

/** The partner's scan, redeem and undo, online and synced from offline (ADR 13). */
export const redemptionManifest = manifest({
  name: 'redemption',
  refusals: redemptionRefusals,
  make: ({
    db,
    timeZone,
    membership,
    notifications,
    signer,
    access,
  }: Pick<Core, 'db' | 'timeZone'> & {
    membership: MembershipService;
    notifications: NotificationService;
    signer: CouponSigner;
    access: PartnerAccess;
  }) => {
    const redemption = createRedemptionService({ db, membership, notifications, timeZone });
    // The sync redeems through the partner screen's one redeem operation (redeem.ts).
    const offline = createOfflineRedemptionService({
      db,
      signer,
      redeeming: redemption,
      notifications,
      timeZone,
    });
    return { routes: (api) => api.register(redemptionRoutes, { redemption, offline, access }) };
  },
});
