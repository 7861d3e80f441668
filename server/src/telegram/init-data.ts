import { createHmac, timingSafeEqual } from 'node:crypto';
import { parse, sign } from '@telegram-apps/init-data-node';
import { ErrorCode } from '#contract/errors';
import { DomainError } from '../domain/domain-error.ts';

/** Telegram's clock and ours may differ a little; an init data from further ahead is not Telegram's. */
const CLOCK_SKEW_S = 60;

/**
 * Telegram's check (core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app):
 * every field but `hash`, sorted, as `key=value` lines, signed with HMAC-SHA256 keyed by
 * HMAC-SHA256("WebAppData", bot token). Compared in constant time.
 */
function verifyInitData(
  initData: string,
  botToken: string,
  maxAgeS: number,
): { verdict: 'valid'; authDate: Date } | { verdict: 'expired' | 'invalid' } {
  const params = new URLSearchParams(initData);
  const hash = params.get('hash') ?? '';
  if (!/^[0-9a-f]{64}$/.test(hash)) return { verdict: 'invalid' };
  const checkString = [...params]
    .filter(([key]) => key !== 'hash')
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(checkString).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return { verdict: 'invalid' };

  const authDate = Number(params.get('auth_date'));
  if (!Number.isInteger(authDate) || authDate <= 0) return { verdict: 'invalid' };
  const age = Date.now() / 1000 - authDate;
  if (age < -CLOCK_SKEW_S) return { verdict: 'invalid' };
  if (age > maxAgeS) return { verdict: 'expired' };
  return { verdict: 'valid', authDate: new Date(authDate * 1000) };
}

export interface TelegramUser {
  id: number;
  username: string | null;
  firstName: string;
  lastName: string | null;
}

/**
 * Checks `Authorization: tma <initData>` as Telegram documents it (HMAC-SHA256 keyed by the bot
 * token) and returns the user it names. Every failure is a refusal (a 401) the web app can show.
 */
export function authenticateInitData(
  authorization: string | undefined,
  botToken: string,
  maxAgeS: number,
): { user: TelegramUser; authDate: Date } {
  const [scheme, ...rest] = (authorization ?? '').trim().split(' ');
  const initData = rest.join(' ').trim();
  if (scheme?.toLowerCase() !== 'tma' || !initData) {
    throw new DomainError(ErrorCode.initDataMissing);
  }
  const checked = verifyInitData(initData, botToken, maxAgeS);
  if (checked.verdict === 'expired') {
    throw new DomainError(ErrorCode.initDataExpired);
  }
  const user = checked.verdict === 'valid' ? parsedUser(initData) : undefined;
  if (checked.verdict !== 'valid' || !user) {
    throw new DomainError(ErrorCode.initDataInvalid);
  }
  // Signed, yet PostgreSQL text cannot hold U+0000: refused here, before the user is saved, as the
  // NUL guard refuses it in a request's fields.
  for (const [field, value] of [
    ['username', user.username],
    ['first_name', user.first_name],
    ['last_name', user.last_name],
  ] as const) {
    if (value?.includes('\u0000')) throw new DomainError('nul_character', { field: `user.${field}` });
  }
  return {
    user: {
      id: user.id,
      username: user.username ?? null,
      firstName: user.first_name,
      lastName: user.last_name ?? null,
    },
    authDate: checked.authDate,
  };
}

/**
 * The signed user, or undefined where Telegram's fields do not parse, or the id is past what a
 * JavaScript number holds exactly (it would name somebody else, or fail in the database).
 */
function parsedUser(initData: string) {
  try {
    const { user } = parse(initData);
    return user && Number.isSafeInteger(user.id) && user.id > 0 ? user : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `startapp` parameter the app was opened with, from init data already verified (the auth hook
 * checked its signature): Telegram signs it with the rest, so it cannot be made up by the caller.
 */
export function startParamOf(authorization: string | undefined): string | undefined {
  const initData = (authorization ?? '').trim().split(' ').slice(1).join(' ').trim();
  try {
    return parse(initData).start_param ?? undefined;
  } catch {
    return undefined;
  }
}

/** Signs init data for a user the way Telegram does: the local stand-in and the tests use it. */
export function signInitData(
  user: TelegramUser,
  botToken: string,
  authDate = new Date(),
  startParam?: string,
): string {
  return sign(
    {
      ...(startParam ? { start_param: startParam } : {}),
      user: {
        id: user.id,
        first_name: user.firstName,
        ...(user.lastName ? { last_name: user.lastName } : {}),
        ...(user.username ? { username: user.username } : {}),
        language_code: 'ru',
        allows_write_to_pm: true,
      },
      query_id: `local-${user.id}`,
    },
    botToken,
    authDate,
  );
}
