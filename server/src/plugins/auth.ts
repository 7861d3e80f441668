import type { FastifyInstance } from 'fastify';
import type { TRole } from '#contract/session';
import type { Caller } from '../modules/users/caller.ts';
import type { UserService } from '../modules/users/users.service.ts';
import { authenticateInitData } from '../telegram/init-data.ts';

/**
 * Every route registered inside `scope` needs valid init data: the user is upserted and becomes
 * `request.caller`. One hook for the whole authenticated tree, not a check per handler.
 */
export function requireInitData(
  scope: FastifyInstance,
  options: { botToken: string; maxAgeS: number; users: UserService },
) {
  scope.decorateRequest('caller', null as unknown as Caller);
  scope.addHook('onRequest', async (request) => {
    const { user, authDate } = authenticateInitData(
      request.headers.authorization,
      options.botToken,
      options.maxAgeS,
    );
    await options.users.upsertUser(user, authDate);
    let role: Promise<TRole> | undefined;
    request.caller = {
      ...user,
      role: () => {
        role ??= options.users.resolveRole(user.id);
        return role;
      },
    };
  });
}
