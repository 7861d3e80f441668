import type { GiftService } from '../gifts/gifts.service.ts';
import type { InviteService } from '../invites/invites.service.ts';
import { type Core, manifest } from '../manifest.ts';
import { stuckBotMessages } from '../notifications/outbox-backlog.ts';
import type { PrivacyService } from '../privacy/privacy.service.ts';
import type { MembershipService } from '../users/membership.service.ts';
import { readCallerRow } from './caller-row.query.ts';
import { meRoutes } from './me.routes.ts';

/**
 * What the app tells the caller as it opens (/api/me): who they are to it, their membership, their
 * consent, and for an admin the bot's stuck messages. It reads the modules below it and hands over
 * what opening the app settles (held gifts claimed, an invitation recorded), so it is made after them.
 */
export const meManifest = manifest({
  name: 'me',
  make: ({
    config,
    db,
    timeZone,
    telegramReachability,
    membership,
    privacy,
    gifts,
    invites,
  }: Pick<Core, 'config' | 'db' | 'timeZone' | 'telegramReachability'> & {
    membership: MembershipService;
    privacy: PrivacyService;
    gifts: Pick<GiftService, 'claimHeldGifts'>;
    invites: Pick<InviteService, 'recordArrival'>;
  }) => ({
    routes: (api) =>
      api.register(meRoutes, {
        callerRowOf: (userId) => readCallerRow(db, userId),
        membership,
        communityChatLink: config.communityChatLink,
        privacy,
        receiptEmailRequired: config.receipts !== null,
        timeZone,
        claimHeldGifts: gifts.claimHeldGifts,
        recordArrival: invites.recordArrival,
        stuckBotMessages: () => stuckBotMessages(db, telegramReachability),
      }),
  }),
});
