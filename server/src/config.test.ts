import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('configuration', () => {
  it('trusts only the proxies named, and refuses what is not an address or a network', () => {
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1,::1,uniquelocal' }).trustedProxies).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'uniquelocal',
    ]);
    expect(problemsOf({ TRUSTED_PROXIES: '10.0.0.0/33' })).toEqual([
      'TRUSTED_PROXIES.0: expected IP addresses or networks (10.0.0.0/8), or loopback, linklocal, uniquelocal',
    ]);
    expect(problemsOf({ TRUSTED_PROXIES: 'true' })).toHaveLength(1);
  });

  it('takes a metrics token of a bearer token’s characters, and whether the database is behind PgBouncer', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough_token.0123' }).metricsToken).toBe(
      'a-long-enough_token.0123',
    );
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toHaveLength(1);
    expect(problemsOf({ METRICS_TOKEN: 'sixteen chars or more but spaced' })).toHaveLength(1);
    expect(loadConfig({}).databaseThroughPgbouncer).toBe(false);
    expect(loadConfig({ DATABASE_PGBOUNCER: '1' }).databaseThroughPgbouncer).toBe(true);
  });

  it('accepts payment notifications only from YooKassa’s addresses in production, unless told otherwise', () => {
    const production = {
      NODE_ENV: 'production',
      BOT_TOKEN: '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      COMMUNITY_CHAT_ID: '@rafting_chat',
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: '1',
      YOOKASSA_SECRET_KEY: 'k',
      PUBLIC_URL: 'https://example.org',
      OPERATOR_NAME: 'ИП Иванов',
      OPERATOR_INN: '123456789012',
      OPERATOR_OGRN: '123456789012345',
      OPERATOR_ADDRESS: 'Петрозаводск',
      OPERATOR_EMAIL: 'a@example.org',
    };
    expect(loadConfig(production).yookassa.notificationsFromItsAddressesOnly).toBe(true);
    expect(
      loadConfig({ ...production, YOOKASSA_WEBHOOK_IPS: '0' }).yookassa.notificationsFromItsAddressesOnly,
    ).toBe(false);
  });

  it('has the defaults of ARCHITECTURE §2', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      demoData: true,
      localStandIn: true,
      telegramApiRoot: 'https://api.telegram.org',
      initDataMaxAgeS: 86400,
      paymentProvider: 'sandbox',
      yookassa: { apiUrl: 'https://api.yookassa.ru/v3', notificationsFromItsAddressesOnly: false },
      trustedProxies: ['loopback'],
      logLevel: 'info',
      adminUsernames: [],
    });
    expect(config.telegramWebhookSecret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('turns demo data off with a database URL and listens everywhere in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u@db/app',
      BOT_TOKEN: '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      COMMUNITY_CHAT_ID: '@rafting_chat',
      PAYMENT_PROVIDER: 'link',
      OPERATOR_NAME: 'ИП Иванов Иван Иванович',
      OPERATOR_INN: '771234567890',
      OPERATOR_OGRN: '304770000000000',
      OPERATOR_ADDRESS: 'г. Москва, ул. Речная, д. 1',
      OPERATOR_EMAIL: 'support@example.ru',
    });
    expect(config).toMatchObject({ demoData: false, host: '0.0.0.0', localStandIn: false });
  });

  it('seeds demo data with a bot only when asked, and never in production', () => {
    const bot = {
      BOT_TOKEN: '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      COMMUNITY_CHAT_ID: '@rafting_chat',
      PAYMENT_PROVIDER: 'link',
    };
    expect(loadConfig(bot).demoData).toBe(false);
    expect(loadConfig({ ...bot, DEMO_DATA: '1' }).demoData).toBe(true);
    expect(
      problemsOf({ ...bot, NODE_ENV: 'production', DEMO_DATA: '1', PAYMENT_PROVIDER: 'link' }),
    ).toContainEqual(expect.stringMatching(/^DEMO_DATA: not in production/));
  });

  it('takes a blank value as unset, as an .env line «PORT=» means', () => {
    expect(loadConfig({ PORT: '', LOG_LEVEL: ' ', PAYMENT_PROVIDER: '' })).toMatchObject({
      port: 3000,
      logLevel: 'info',
      paymentProvider: 'sandbox',
    });
    expect(loadConfig({ PORT: '8080' }).port).toBe(8080);
  });

  it('finds the chat link a public chat’s @handle gives when none is configured', () => {
    const bot = { BOT_TOKEN: '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAA', PAYMENT_PROVIDER: 'link' };
    expect(loadConfig({ ...bot, COMMUNITY_CHAT_ID: '@rafting_chat' }).communityChatLink).toBe(
      'https://t.me/rafting_chat',
    );
    expect(
      loadConfig({ ...bot, COMMUNITY_CHAT_ID: '-1001', COMMUNITY_CHAT_LINK: 'https://t.me/+AbCd' })
        .communityChatLink,
    ).toBe('https://t.me/+AbCd');
    expect(loadConfig({}).communityChatLink).toMatch(/^https:\/\/example\.com\//);
  });

  it('derives one webhook secret per bot token, so all server processes agree on it', () => {
    const withToken = (token: string) =>
      loadConfig({ BOT_TOKEN: token, COMMUNITY_CHAT_ID: '@rafting_chat', PAYMENT_PROVIDER: 'link' })
        .telegramWebhookSecret;
    const secret = withToken('123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(withToken('123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBe(secret);
    expect(withToken('123456:BBBBBBBBBBBBBBBBBBBBBBBBBBBB')).not.toBe(secret);
    expect(secret).not.toContain('AAAA');
  });

  it('reads admin usernames without @ and case', () => {
    expect(loadConfig({ ADMIN_USERNAMES: '@Anna, bob ,,123' }).adminUsernames).toEqual([
      'anna',
      'bob',
      '123',
    ]);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ BOT_TOKEN: 'not-a-token' }, 'BOT_TOKEN'],
    [{ PUBLIC_URL: 'http://insecure.example' }, 'PUBLIC_URL'],
    [{ PAYMENT_PROVIDER: 'cash' }, 'PAYMENT_PROVIDER'],
    [{ INIT_DATA_MAX_AGE_S: '-5' }, 'INIT_DATA_MAX_AGE_S'],
    [{ COMMUNITY_CHAT_ID: 'chat' }, 'COMMUNITY_CHAT_ID'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('names the variable of a bad value: %o', (env, name) => {
    expect(problemsOf(env)[0]).toMatch(new RegExp(`^${name}: `));
  });

  it('never falls back to the sandbox checkout, where nobody pays, once a bot is configured', () => {
    expect(
      problemsOf({ BOT_TOKEN: '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAA', COMMUNITY_CHAT_ID: '@rafting_chat' }),
    ).toEqual([expect.stringMatching(/^PAYMENT_PROVIDER: required with BOT_TOKEN/)]);
    expect(
      loadConfig({
        BOT_TOKEN: '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        COMMUNITY_CHAT_ID: '@rafting_chat',
        PAYMENT_PROVIDER: 'sandbox',
      }).paymentProvider,
    ).toBe('sandbox');
  });

  it('refuses production without a bot token or with the sandbox checkout', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      expect.stringMatching(/^BOT_TOKEN: required in production/),
      expect.stringMatching(/^PAYMENT_PROVIDER: the sandbox takes no money/),
      ...['OPERATOR_NAME', 'OPERATOR_INN', 'OPERATOR_OGRN', 'OPERATOR_ADDRESS', 'OPERATOR_EMAIL'].map(
        (name) => expect.stringMatching(new RegExp(`^${name}: required in production`)),
      ),
    ]);
  });

  it('reads MAX beside Telegram: off without a token, platform-api2 by default, its name and chat with a token', () => {
    expect(loadConfig({}).max).toEqual({
      botToken: undefined,
      botName: undefined,
      apiRoot: 'https://platform-api2.max.ru',
      communityChatId: undefined,
    });
    const max = {
      MAX_BOT_TOKEN: 'f9LHodD0cOIzZ8h3oE0TmXo3lRvRGgV2S0ZQ',
      MAX_BOT_NAME: '@id7707083893_bot',
      MAX_COMMUNITY_CHAT_ID: '-70123456789012',
      MAX_API_ROOT: 'http://127.0.0.1:4010/',
    };
    expect(loadConfig(max).max).toEqual({
      botToken: max.MAX_BOT_TOKEN,
      botName: 'id7707083893_bot',
      apiRoot: 'http://127.0.0.1:4010',
      communityChatId: '-70123456789012',
    });
    expect(problemsOf({ MAX_BOT_TOKEN: max.MAX_BOT_TOKEN }).map((p) => p.split(':')[0])).toEqual([
      'MAX_BOT_NAME',
      'MAX_COMMUNITY_CHAT_ID',
    ]);
    expect(problemsOf({ ...max, MAX_COMMUNITY_CHAT_ID: '@rafting' })).toEqual([
      'MAX_COMMUNITY_CHAT_ID: expected the numeric id of a MAX chat',
    ]);
    expect(problemsOf({ ...max, MAX_BOT_TOKEN: 'short' }).map((p) => p.split(':')[0])).toEqual([
      'MAX_BOT_TOKEN',
    ]);
    expect(problemsOf({ ...max, MAX_BOT_TOKEN: 'a token with spaces in it, twenty+' })).toHaveLength(1);
    expect(loadConfig({ ...max, MAX_BOT_TOKEN: 'f9LHodD0+cOIzZ8h3/oE0TmXo3lRvRGg=' }).max.botToken).toBe(
      'f9LHodD0+cOIzZ8h3/oE0TmXo3lRvRGg=',
    );
    expect(problemsOf({ ...max, MAX_API_ROOT: 'platform-api2' }).map((p) => p.split(':')[0])).toEqual([
      'MAX_API_ROOT',
    ]);
  });

  it('needs the community chat with a bot and credentials with YooKassa', () => {
    expect(
      problemsOf({ BOT_TOKEN: '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAA', PAYMENT_PROVIDER: 'link' }),
    ).toEqual([expect.stringMatching(/^COMMUNITY_CHAT_ID: /)]);
    expect(
      problemsOf({
        BOT_TOKEN: '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        COMMUNITY_CHAT_ID: '-1001234567890',
        PAYMENT_PROVIDER: 'link',
      }),
    ).toEqual([expect.stringMatching(/^COMMUNITY_CHAT_LINK: /)]);
    expect(problemsOf({ PAYMENT_PROVIDER: 'yookassa' }).map((p) => p.split(':')[0])).toEqual([
      'YOOKASSA_SHOP_ID',
      'YOOKASSA_SECRET_KEY',
    ]);
    expect(
      problemsOf({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'yookassa' }).filter((p) =>
        p.startsWith('PUBLIC_URL'),
      ),
    ).toEqual([expect.stringMatching(/^PUBLIC_URL: required with YooKassa in production/)]);
  });

  it('stops the server at start-up with a message naming the variable', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH, PORT: 'eighty', NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PORT: expected a port number');
  });
});
