import { type Core, manifest } from '../manifest.ts';
import type { UserService } from '../users/users.service.ts';
import { devLoginRoutes } from './dev-login.routes.ts';
import { devLoginRefusals } from './texts.ts';

/**
 * The local stand-in's demo users, the init data it signs for them in Telegram or the local MAX, and
 * each one's «Чат с ботом» over the stand-in's Bot API and the local MAX's (never with a real bot).
 */
export const devLoginManifest = manifest({
  name: 'dev-login',
  refusals: devLoginRefusals,
  make: ({
    config,
    db,
    botToken,
    standIn,
    standInMax,
    users,
  }: Pick<Core, 'config' | 'db' | 'botToken' | 'standIn' | 'standInMax'> & { users: UserService }) => ({
    openRoutes:
      config.localStandIn && standIn
        ? (app) => app.register(devLoginRoutes, { db, users, botToken, standIn, standInMax })
        : undefined,
  }),
});
