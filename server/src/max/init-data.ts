import { createHmac, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '#contract/errors';
import { DomainError } from '../domain/domain-error.ts';

/** MAX recommends trusting a launch's init data for an hour (dev.max.ru/docs/webapps/bridge). */
export const MAX_INIT_DATA_MAX_AGE_S = 3600;
/** MAX's clock and ours may differ a little; an init data from further ahead is not MAX's. */
const CLOCK_SKEW_S = 60;

/** The person a MAX launch names: MAX's id of them, and a username they may not have set. */
export interface MaxUser {
  id: number;
  username: string | null;
  firstName: string;
  lastName: string | null;
}

/** The init data's pairs, each key and value URL-decoded; undefined when one does not decode. */
function pairsOf(initData: string): [string, string][] | undefined {
  try {
    return initData.split('&').map((pair) => {
      const at = pair.indexOf('=');
      const [key, value] = at === -1 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
      return [decodeURIComponent(key), decodeURIComponent(value)];
    });
  } catch {
    return undefined;
  }
}

/** The hex signature MAX puts in `hash` over `pairs` (every pair but `hash`). */
function signatureOf(pairs: readonly [string, string][], botToken: string): Buffer {
  const launchParams = pairs
    .filter(([key]) => key !== 'hash')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  return createHmac('sha256', secret).update(launchParams).digest();
}

/**
 * MAX's check (dev.max.ru/docs/webapps/validation): every key exactly once, `hash` among them; the
 * others URL-decoded, sorted by key, as `key=value` lines, signed with HMAC-SHA256 keyed by
 * HMAC-SHA256("WebAppData", bot token); compared in constant time. Then `auth_date` (seconds) no
 * older than `maxAgeS`.
 */
function verify(
  initData: string,
  botToken: string,
  maxAgeS: number,
): { verdict: 'valid'; fields: Map<string, string>; authDate: Date } | { verdict: 'expired' | 'invalid' } {
  const pairs = pairsOf(initData);
  if (!pairs) return { verdict: 'invalid' };
  const fields = new Map(pairs);
  if (fields.size !== pairs.length) return { verdict: 'invalid' };
  const hash = fields.get('hash') ?? '';
  if (!/^[0-9a-f]{64}$/.test(hash)) return { verdict: 'invalid' };
  if (!timingSafeEqual(signatureOf(pairs, botToken), Buffer.from(hash, 'hex'))) return { verdict: 'invalid' };

  const authDate = Number(fields.get('auth_date'));
  if (!Number.isInteger(authDate) || authDate <= 0) return { verdict: 'invalid' };
  const age = Date.now() / 1000 - authDate;
  if (age < -CLOCK_SKEW_S) return { verdict: 'invalid' };
  if (age > maxAgeS) return { verdict: 'expired' };
  return { verdict: 'valid', fields, authDate: new Date(authDate * 1000) };
}

/**
 * The signed `user`, or undefined where it is not MAX's shape, or its id is past what a JavaScript
 * number holds exactly (MAX's ids are int64).
 */
function userOf(json: string | undefined): MaxUser | undefined {
  let user: unknown;
  try {
    user = JSON.parse(json ?? '');
  } catch {
    return undefined;
  }
  if (typeof user !== 'object' || user === null) return undefined;
  const { id, first_name, last_name, username } = user as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return undefined;
  if (typeof first_name !== 'string') return undefined;
  if (last_name !== undefined && last_name !== null && typeof last_name !== 'string') return undefined;
  if (username !== undefined && username !== null && typeof username !== 'string') return undefined;
  return { id, firstName: first_name, lastName: last_name || null, username: username || null };
}

/**
 * Checks `Authorization: max <initData>` as MAX documents it and returns the person it names, the
 * time MAX vouched for them and the start parameter it was opened with. Every failure is a refusal
 * (a 401) the web app can show; the age is at most MAX's hour, whatever `maxAgeS` allows Telegram.
 */
export function authenticateMaxInitData(
  authorization: string | undefined,
  botToken: string,
  maxAgeS: number = MAX_INIT_DATA_MAX_AGE_S,
): { user: MaxUser; authDate: Date; startParam: string | undefined } {
  const [scheme, ...rest] = (authorization ?? '').trim().split(' ');
  const initData = rest.join(' ').trim();
  const ofMax = { messenger: 'MAX' };
  if (scheme?.toLowerCase() !== 'max' || !initData) throw new DomainError(ErrorCode.initDataMissing, ofMax);
  const checked = verify(initData, botToken, Math.min(maxAgeS, MAX_INIT_DATA_MAX_AGE_S));
  if (checked.verdict === 'expired') throw new DomainError(ErrorCode.initDataExpired);
  const user = checked.verdict === 'valid' ? userOf(checked.fields.get('user')) : undefined;
  if (checked.verdict !== 'valid' || !user) throw new DomainError(ErrorCode.initDataInvalid, ofMax);
  // Signed, yet PostgreSQL text cannot hold U+0000: refused before the user is saved.
  for (const [field, value] of [
    ['username', user.username],
    ['first_name', user.firstName],
    ['last_name', user.lastName],
  ] as const) {
    if (value?.includes('\u0000')) throw new DomainError('nul_character', { field: `user.${field}` });
  }
  return { user, authDate: checked.authDate, startParam: checked.fields.get('start_param') || undefined };
}

/**
 * Signs init data for a person the way MAX does (its documented fields: `auth_date`, `chat`,
 * `query_id`, `user`, and `start_param` when opened with one): the local stand-in and the tests
 * use it.
 */
export function signMaxInitData(
  user: MaxUser,
  botToken: string,
  authDate = new Date(),
  startParam?: string,
): string {
  const pairs: [string, string][] = [
    ['auth_date', String(Math.floor(authDate.getTime() / 1000))],
    ['chat', JSON.stringify({ id: user.id, type: 'DIALOG' })],
    ['query_id', `local-${user.id}-${authDate.getTime()}`],
    [
      'user',
      JSON.stringify({
        id: user.id,
        first_name: user.firstName,
        last_name: user.lastName,
        username: user.username,
        language_code: 'ru',
        photo_url: null,
      }),
    ],
  ];
  if (startParam) pairs.push(['start_param', startParam]);
  pairs.push(['hash', signatureOf(pairs, botToken).toString('hex')]);
  return pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
}
