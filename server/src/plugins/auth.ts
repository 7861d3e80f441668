import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '#contract/errors';
import type { TMessenger } from '#contract/messengers';
import type { TRole } from '#contract/session';
import { DomainError } from '../domain/domain-error.ts';
import { authenticateMaxInitData } from '../max/init-data.ts';
import { returningCallerRow } from '../modules/me/caller-row.query.ts';
import type { Caller } from '../modules/users/caller.ts';
import type { UserService } from '../modules/users/users.service.ts';
import { authenticateInitData, startParamOf, type TelegramUser } from '../telegram/init-data.ts';

/** How long init data once checked is believed without checking it again (never past its age limit). */
const IDENTITY_TTL_MS = 60_000;
/** More callers than this within a minute: the oldest are checked again. */
const MAX_IDENTITIES = 10_000;

/** A launch checked: the person as their messenger names them (its id of them), and when it vouched. */
interface Identity {
  messenger: TMessenger;
  user: TelegramUser;
  authDate: Date;
  startParam: string | undefined;
}

/**
 * Init data by its `Authorization` scheme, each messenger's checked by its own rule and token:
 * `tma` Telegram's, `max` MAX's (refused as missing when no MAX bot is configured). A launch of one
 * messenger signed by the other is refused: neither token signs the other's.
 */
function authenticate(
  authorization: string | undefined,
  tokens: { telegram: string; max?: string },
  maxAgeS: number,
): Identity {
  const scheme = (authorization ?? '').trim().split(' ')[0]?.toLowerCase();
  if (scheme === 'max') {
    if (!tokens.max) throw new DomainError(ErrorCode.initDataMissing, { messenger: 'MAX' });
    const { user, authDate, startParam } = authenticateMaxInitData(authorization, tokens.max, maxAgeS);
    return { messenger: 'max', user, authDate, startParam };
  }
  const { user, authDate } = authenticateInitData(authorization, tokens.telegram, maxAgeS);
  return { messenger: 'telegram', user, authDate, startParam: startParamOf(authorization) };
}

/**
 * `authenticate` (an HMAC, and the messenger's fields parsed) once a minute per init data, not on
 * every request: the same text signs every call a mini-app makes, a poll every 5 s among them.
 * Only accepted init data is kept; a refused one is checked, and refused, every time.
 */
function createIdentityCheck(tokens: { telegram: string; max?: string }, maxAgeS: number) {
  const checked = new Map<string, Identity & { until: number }>();
  return (authorization: string | undefined): Identity => {
    const now = Date.now();
    const known = authorization === undefined ? undefined : checked.get(authorization);
    if (known && now < known.until) return known;
    const identity = authenticate(authorization, tokens, maxAgeS);
    if (authorization === undefined) return identity;
    if (checked.size >= MAX_IDENTITIES) checked.delete(checked.keys().next().value ?? '');
    checked.delete(authorization);
    const until = Math.min(now + IDENTITY_TTL_MS, identity.authDate.getTime() + maxAgeS * 1000);
    checked.set(authorization, { ...identity, until });
    return identity;
  };
}

/**
 * Every route registered inside `scope` needs valid init data of a messenger: the person is found
 * (or made) under the app's id of them, their profile and day's open recorded, and they become
 * `request.caller`. One hook for the whole authenticated tree, not a check per handler.
 */
export function requireInitData(
  scope: FastifyInstance,
  options: { botToken: string; maxBotToken?: string; maxAgeS: number; users: UserService },
) {
  const identify = createIdentityCheck(
    { telegram: options.botToken, max: options.maxBotToken },
    options.maxAgeS,
  );
  scope.decorateRequest('caller', null as unknown as Caller);
  scope.addHook('onRequest', async (request) => {
    const { messenger, user: named, authDate, startParam } = identify(request.headers.authorization);
    const user = { ...named, id: await options.users.userIdOf(messenger, named.id) };
    const row = await options.users.recordVisit({ ...user, messenger }, authDate, returningCallerRow);
    let role: Promise<TRole> | undefined;
    request.caller = {
      ...user,
      messenger,
      startParam,
      row,
      role: () => {
        role ??= options.users.resolveRole(user.id);
        return role;
      },
    };
  });
}
