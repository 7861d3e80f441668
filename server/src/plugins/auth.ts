import type { FastifyInstance } from 'fastify';
import type { TRole } from '#contract/session';
import type { Caller } from '../modules/users/caller.ts';
import type { UserService } from '../modules/users/users.service.ts';
import { authenticateInitData, type TelegramUser } from '../telegram/init-data.ts';

/** How long init data once checked is believed without checking it again (never past its age limit). */
const IDENTITY_TTL_MS = 60_000;
/** More callers than this within a minute: the oldest are checked again. */
const MAX_IDENTITIES = 10_000;

/**
 * `authenticateInitData` (an HMAC, and Telegram's fields parsed) once a minute per init data, not
 * on every request: the same text signs every call a mini-app makes, a poll every 5 s among them.
 * Only accepted init data is kept; a refused one is checked, and refused, every time.
 */
function createIdentityCheck(botToken: string, maxAgeS: number) {
  const checked = new Map<string, { user: TelegramUser; authDate: Date; until: number }>();
  return (authorization: string | undefined) => {
    const now = Date.now();
    const known = authorization === undefined ? undefined : checked.get(authorization);
    if (known && now < known.until) return known;
    const identity = authenticateInitData(authorization, botToken, maxAgeS);
    if (authorization === undefined) return identity;
    if (checked.size >= MAX_IDENTITIES) checked.delete(checked.keys().next().value ?? '');
    checked.delete(authorization);
    const until = Math.min(now + IDENTITY_TTL_MS, identity.authDate.getTime() + maxAgeS * 1000);
    checked.set(authorization, { ...identity, until });
    return identity;
  };
}

/**
 * Every route registered inside `scope` needs valid init data: the user is upserted, their day's
 * open recorded, and they become `request.caller`. One hook for the whole authenticated tree, not a
 * check per handler.
 */
export function requireInitData(
  scope: FastifyInstance,
  options: { botToken: string; maxAgeS: number; users: UserService },
) {
  const identify = createIdentityCheck(options.botToken, options.maxAgeS);
  scope.decorateRequest('caller', null as unknown as Caller);
  scope.addHook('onRequest', async (request) => {
    const { user, authDate } = identify(request.headers.authorization);
    const row = await options.users.recordVisit(user, authDate);
    let role: Promise<TRole> | undefined;
    request.caller = {
      ...user,
      row,
      role: () => {
        role ??= options.users.resolveRole(user.id);
        return role;
      },
    };
  });
}
