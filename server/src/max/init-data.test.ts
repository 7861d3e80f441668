import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '#contract/errors';
import { DomainError } from '../domain/domain-error.ts';
import { signInitData } from '../telegram/init-data.ts';
import { authenticateMaxInitData, type MaxUser, signMaxInitData } from './init-data.ts';

const TOKEN = 'max-test-token_0123456789abcdef';
const TELEGRAM_TOKEN = '4242424242:TEST-token-for-the-suite_0123456789';
const person: MaxUser = { id: 67890, username: null, firstName: 'Макс', lastName: 'Юзер' };

/** Signs the pairs as given, duplicates and all, by MAX's algorithm: only the duplicate is wrong. */
function signPairs(pairs: [string, string][], token: string): string {
  const lines = [...pairs]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(token).digest();
  const hash = createHmac('sha256', secret).update(lines).digest('hex');
  const signed: [string, string][] = [...pairs, ['hash', hash]];
  return signed.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
}

const refusal = (call: () => unknown) => {
  try {
    call();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return undefined;
};

describe('MAX init data', () => {
  it('accepts what MAX signs: the person, with no username, and the start parameter', () => {
    const initData = signMaxInitData(person, TOKEN, new Date(), 'qr-0b7e');
    const { user, authDate, startParam } = authenticateMaxInitData(`max ${initData}`, TOKEN);
    expect(user).toEqual(person);
    expect(startParam).toBe('qr-0b7e');
    expect(Date.now() - authDate.getTime()).toBeLessThan(2000);
  });

  it('checks the example of MAX’s page: chat and ip signed with the rest, values URL-decoded', () => {
    const authDate = String(Math.floor(Date.now() / 1000));
    const initData = signPairs(
      [
        ['chat', '{"id":12345,"type":"DIALOG"}'],
        ['ip', '192.168.0.1'],
        [
          'user',
          '{"id":67890,"first_name":"Max","last_name":"User","username":null,"language_code":"ru","photo_url":null}',
        ],
        ['query_id', '4c0ab423-342b-4e45-aea4-2747dbc500cd'],
        ['auth_date', authDate],
      ],
      TOKEN,
    );
    expect(authenticateMaxInitData(`max ${initData}`, TOKEN).user).toEqual({
      id: 67890,
      firstName: 'Max',
      lastName: 'User',
      username: null,
    });
  });

  it('refuses Telegram’s init data, and MAX’s signed with another token or changed', () => {
    const telegram = signInitData({ ...person, username: 'maks' }, TELEGRAM_TOKEN);
    expect(refusal(() => authenticateMaxInitData(`max ${telegram}`, TOKEN))).toBe(ErrorCode.initDataInvalid);
    const initData = signMaxInitData(person, TOKEN);
    expect(refusal(() => authenticateMaxInitData(`max ${initData}`, 'another-token_0123456789abcdef'))).toBe(
      ErrorCode.initDataInvalid,
    );
    const changed = initData.replace(encodeURIComponent('"id":67890'), encodeURIComponent('"id":67891'));
    expect(refusal(() => authenticateMaxInitData(`max ${changed}`, TOKEN))).toBe(ErrorCode.initDataInvalid);
    expect(refusal(() => authenticateMaxInitData(`tma ${initData}`, TOKEN))).toBe(ErrorCode.initDataMissing);
    expect(refusal(() => authenticateMaxInitData(undefined, TOKEN))).toBe(ErrorCode.initDataMissing);
  });

  it('refuses a key given twice, even signed as given', () => {
    const authDate = String(Math.floor(Date.now() / 1000));
    const user = JSON.stringify({ id: 67890, first_name: 'Макс' });
    const once = signPairs(
      [
        ['auth_date', authDate],
        ['user', user],
      ],
      TOKEN,
    );
    expect(authenticateMaxInitData(`max ${once}`, TOKEN).user.id).toBe(67890);
    const twice = signPairs(
      [
        ['auth_date', authDate],
        ['user', user],
        ['user', JSON.stringify({ id: 1, first_name: 'Другой' })],
      ],
      TOKEN,
    );
    expect(refusal(() => authenticateMaxInitData(`max ${twice}`, TOKEN))).toBe(ErrorCode.initDataInvalid);
    expect(refusal(() => authenticateMaxInitData(`max ${once}&hash=${'0'.repeat(64)}`, TOKEN))).toBe(
      ErrorCode.initDataInvalid,
    );
  });

  it('refuses init data older than MAX’s hour, whatever age Telegram’s is allowed', () => {
    const old = signMaxInitData(person, TOKEN, new Date(Date.now() - 61 * 60 * 1000));
    expect(refusal(() => authenticateMaxInitData(`max ${old}`, TOKEN, 86_400))).toBe(
      ErrorCode.initDataExpired,
    );
    const fresh = signMaxInitData(person, TOKEN, new Date(Date.now() - 59 * 60 * 1000));
    expect(authenticateMaxInitData(`max ${fresh}`, TOKEN, 86_400).user.id).toBe(person.id);
    const ahead = signMaxInitData(person, TOKEN, new Date(Date.now() + 10 * 60 * 1000));
    expect(refusal(() => authenticateMaxInitData(`max ${ahead}`, TOKEN))).toBe(ErrorCode.initDataInvalid);
  });

  it('refuses a user that is not MAX’s shape or whose id a number cannot hold', () => {
    for (const user of [
      '{"id":"67890","first_name":"Макс"}',
      '{"id":9007199254740993,"first_name":"Макс"}',
      '[]',
    ]) {
      const initData = signPairs(
        [
          ['auth_date', String(Math.floor(Date.now() / 1000))],
          ['user', user],
        ],
        TOKEN,
      );
      expect(refusal(() => authenticateMaxInitData(`max ${initData}`, TOKEN))).toBe(
        ErrorCode.initDataInvalid,
      );
    }
  });
});
