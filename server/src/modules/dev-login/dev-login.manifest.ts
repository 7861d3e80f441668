import { type Core, manifest } from '../manifest.ts';
import type { UserService } from '../users/users.service.ts';
import { devLoginRoutes } from './dev-login.routes.ts';
import { devLoginRefusals } from './texts.ts';

/** The local stand-in's demo users and the init data it signs for them (never with a real bot). */
export const devLoginManifest = manifest({
  name: 'dev-login',
  refusals: devLoginRefusals,
  make: ({
    config,
    db,
    botToken,
    users,
  }: Pick<Core, 'config' | 'db' | 'botToken'> & { users: UserService }) => ({
    openRoutes: config.localStandIn
      ? (app) => app.register(devLoginRoutes, { db, users, botToken })
      : undefined,
  }),
});
