import { createTelegramMessenger } from '../../telegram/telegram-messenger.ts';
import type { GiftService } from '../gifts/gifts.service.ts';
import type { InviteService } from '../invites/invites.service.ts';
import { type Core, manifest } from '../manifest.ts';
import { stuckBotMessages } from '../notifications/outbox-backlog.ts';
import type { PrivacyService } from '../privacy/privacy.service.ts';
import { createMembershipService, type MembershipService } from './membership.service.ts';
import { userRefusals } from './texts.ts';
import { usersRoutes } from './users.routes.ts';
import { createUserService, type UserService } from './users.service.ts';

/** Users, their roles and their membership of the community chat: nearly every module needs them. */
export const usersManifest = manifest({
  name: 'users',
  refusals: userRefusals,
  make: ({ config, db, log, botApi }: Pick<Core, 'config' | 'db' | 'log' | 'botApi'>) => ({
    gives: {
      users: createUserService(db, config.adminUsernames, config.timeZone),
      membership: createMembershipService({
        db,
        log,
        messenger: botApi && createTelegramMessenger(botApi),
        chatId: config.communityChatId,
      }),
    },
  }),
});

/**
 * The users' routes, plugged in after the modules `/api/me` hands over to: opening the app claims
 * held gifts, records an invitation and answers the caller's consent, which need users themselves.
 */
export const userRoutesManifest = manifest({
  name: 'users',
  make: ({
    config,
    db,
    timeZone,
    telegramReachability,
    users,
    membership,
    privacy,
    gifts,
    invites,
  }: Pick<Core, 'config' | 'db' | 'timeZone' | 'telegramReachability'> & {
    users: UserService;
    membership: MembershipService;
    privacy: PrivacyService;
    gifts: Pick<GiftService, 'claimHeldGifts'>;
    invites: Pick<InviteService, 'recordArrival'>;
  }) => ({
    routes: (api) =>
      api.register(usersRoutes, {
        users,
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
