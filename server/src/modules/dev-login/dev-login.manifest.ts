import { type Core, manifest } from '../manifest.ts';
import type { UserService } from '../users/users.service.ts';
import { devLoginRoutes } from './dev-login.routes.ts';
import { devLoginRefusals } from './texts.ts';

/**
 * The local stand-in's demo users, the init data it signs for them, and each one's «Чат с ботом»
 * over the stand-in's Bot API (never with a real bot).
 */
export const devLoginManifest = manifest({
  name: 'dev-login',
  refusals: devLoginRefusals,
  make: ({
    config,
    db,
    botToken,
    standIn,
    users,
  }: Pick<Core, 'config' | 'db' | 'botToken' | 'standIn'> & { users: UserService }) => ({
    openRoutes:
      config.localStandIn && standIn
        ? (app) => app.register(devLoginRoutes, { db, users, botToken, standIn })
        : undefined,
  }),
});
