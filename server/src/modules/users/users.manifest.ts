import { createTelegramMessenger } from '../../telegram/telegram-messenger.ts';
import { type Core, manifest } from '../manifest.ts';
import { createMembershipService } from './membership.service.ts';
import { userRefusals } from './texts.ts';
import { usersRoutes } from './users.routes.ts';
import { createUserService } from './users.service.ts';

/** Users, their roles and their membership of the community chat: nearly every module needs them. */
export const usersManifest = manifest({
  name: 'users',
  refusals: userRefusals,
  make: ({
    config,
    db,
    log,
    botApi,
    messengers,
  }: Pick<Core, 'config' | 'db' | 'log' | 'botApi' | 'messengers'>) => {
    const users = createUserService(db, config.adminUsernames, config.timeZone);
    const membership = createMembershipService({
      db,
      log,
      messenger: botApi && createTelegramMessenger(botApi),
      chatId: config.communityChatId,
      // The community's MAX chat: a member of either chat is a member.
      others:
        messengers.max && config.max.communityChatId
          ? [{ messenger: messengers.max, chatId: config.max.communityChatId }]
          : [],
    });
    return {
      gives: { users, membership },
      routes: (api) => api.register(usersRoutes, { users, membership }),
    };
  },
});
