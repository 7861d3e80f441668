import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type FakeBotApi, startFakeBotApi } from '../../test-support/fake-bot-api.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seedDemoData } from '../src/db/seed/seed-demo-data.ts';
import type { Messengers } from '../src/domain/messenger.ts';
import { startStandInMax } from '../src/max/stand-in-max.ts';
import { seedCouponEndingTomorrow } from '../src/modules/dev-login/demo-coupon-ending.ts';
import type { DeliveryReport } from '../src/modules/notifications/outbox.worker.ts';
import { createBotApi } from '../src/telegram/bot-api.ts';
import { signInitData, type TelegramUser } from '../src/telegram/init-data.ts';
import { localBotToken } from '../src/telegram/local-bot-token.ts';

export const TEST_BOT_TOKEN = '4242424242:TEST-token-for-the-suite_0123456789';
export const COMMUNITY_CHAT_ID = '-1001234567890';

/**
 * With TEST_PGBOUNCER_URL (a PgBouncer in transaction mode in front of TEST_DATABASE_URL's server),
 * the apps reach their databases through it, as production behind PgBouncer does; databases are
 * still made, copied and dropped over TEST_DATABASE_URL, as PostgreSQL copies no template that
 * PgBouncer keeps a connection to.
 */
const pgbouncer = process.env.TEST_PGBOUNCER_URL;

/**
 * A fresh database for one test file: in-memory PGlite, or a new database on the PostgreSQL at
 * TEST_DATABASE_URL (dropped again on close), so the same suite proves both.
 */
export async function openTestDatabase(onStatement?: (text: string) => void): Promise<{
  database: Database;
  url?: string;
  drop(): Promise<void>;
}> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
    const database = await openDatabase({ dataDir: 'memory://', pgliteSnapshot: snapshot, onStatement });
    return { database, drop: async () => {} };
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = inject('postgresTemplate');
  await createDatabase(base, name, template);
  const url = new URL(pgbouncer ?? base);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    url: url.toString(),
    dataDir: '',
    throughPgbouncer: !!pgbouncer,
    onStatement,
  });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A copy of the run's migrated template; PostgreSQL copies one template at a time, so a busy one is waited for. */
async function createDatabase(base: string, name: string, template?: string) {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
        return;
      } catch (error) {
        // 55006: "source database is being accessed by other users" — another file's copy.
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await admin.end();
  }
}

async function reopenTestDatabase(other: TestApp) {
  if (!other.databaseUrl) {
    const shared: Database = { ...other.database, close: async () => {} };
    return { database: shared, url: undefined, drop: async () => {} };
  }
  const database = await openDatabase({ url: other.databaseUrl, dataDir: '', throughPgbouncer: !!pgbouncer });
  return { database, url: other.databaseUrl, drop: async () => {} };
}

export interface TestApp {
  app: FastifyInstance;
  /** The PostgreSQL URL of this app's database; undefined on PGlite. */
  databaseUrl?: string;
  botToken: string;
  /** This app's DATA_DIR (a temporary folder). */
  dataDir: string;
  database: Database;
  botApi: FakeBotApi;
  /** A client acting as this Telegram user: signed init data and a CSRF token on every call. */
  as(user: TelegramUser): UserClient;
  /**
   * Sends the bot messages due now (to the fake Bot API): runs of the outbox worker until one finds
   * nothing, since a run sends each chat only its oldest message. The runs' reports, added up.
   * `at`: as if the clock said so (a grouped message waits for its window).
   */
  deliverNotifications(at?: Date): Promise<DeliveryReport>;
  close(): Promise<void>;
}

export interface UserClient {
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Run as the local stand-in: no bot, a local token in a temporary DATA_DIR, demo data seeded. */
  standIn?: boolean;
  /** With the stand-in, the local MAX beside it, as `npm start` without MAX_BOT_TOKEN runs it. */
  standInMax?: boolean;
  webRoot?: string;
  /**
   * Another server process on the database of `t`: its own connection pool on PostgreSQL; on
   * PGlite, which one process owns, the same database object.
   */
  sameDatabaseAs?: TestApp;
  /** Off for tests that fire a hundred attempts at once: they are about the database, not the limit. */
  rateLimits?: boolean;
  /** Log lines at LOG_LEVEL go here (by default the app logs nothing). */
  logStream?: NodeJS.WritableStream;
  /** More configuration, made once the fake Telegram listens: a relay in front of it, say. */
  envOf?: (botApi: FakeBotApi) => Promise<Record<string, string>>;
  /** Hears each statement the app sends its database (not with `sameDatabaseAs`). */
  onStatement?: (text: string) => void;
  /**
   * Messengers' adapters in place of those the configuration makes (another messenger's, or
   * Telegram's as another messenger would be), made once the fake Telegram listens.
   */
  messengersOf?: (botApi: FakeBotApi) => Messengers;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const botApi = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  const { database, drop, url } = options.sameDatabaseAs
    ? await reopenTestDatabase(options.sameDatabaseAs)
    : await openTestDatabase(options.onStatement);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kss-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // Each message alone and when due, as the tests of what it says expect; the grouping's own
    // tests set a window.
    BOT_GROUP_SECONDS: '0',
    ...(options.standIn
      ? {}
      : {
          BOT_TOKEN: TEST_BOT_TOKEN,
          COMMUNITY_CHAT_ID,
          COMMUNITY_CHAT_LINK: 'https://t.me/+test-rafting-chat',
          PAYMENT_PROVIDER: 'sandbox',
          TELEGRAM_API_ROOT: botApi.apiRoot,
        }),
    ...options.env,
    ...(await options.envOf?.(botApi)),
  });
  const botToken = config.botToken ?? localBotToken(dataDir);
  if (options.standIn && (await seedDemoData(database.db)))
    await seedCouponEndingTomorrow(database.db, config.timeZone);
  const standInMax = options.standIn && options.standInMax ? await startStandInMax(botToken) : undefined;
  const app = await buildApp({
    config: standInMax ? { ...config, max: standInMax.settings } : config,
    standInMax,
    database,
    botToken,
    botApi: config.botToken
      ? createBotApi(config.botToken, config.telegramApiRoot, config.telegramProxyUrl)
      : undefined,
    webRoot: options.webRoot ?? path.join(dataDir, 'no-web-build'),
    logger: options.logStream !== undefined,
    logStream: options.logStream,
    rateLimits: options.rateLimits,
    messengers: options.messengersOf?.(botApi),
  });
  await app.ready();
  const csrfToken = (await app.inject({ method: 'GET', url: '/api/csrf' })).json().token as string;

  return {
    app,
    databaseUrl: url,
    botToken,
    dataDir,
    database,
    botApi,
    async deliverNotifications(at) {
      const total: DeliveryReport = { claimed: 0, sent: 0, retrying: 0, failed: 0, skipped: 0 };
      for (let run = 0; run < 100; run += 1) {
        const report = await app.telegram.outbox.deliverDue(at);
        for (const key of Object.keys(total) as (keyof DeliveryReport)[]) total[key] += report[key];
        if (report.claimed === 0) break;
      }
      return total;
    },
    as(user) {
      const initData = signInitData(user, botToken);
      const request = (options: InjectOptions) =>
        app.inject({
          ...options,
          headers: { authorization: `tma ${initData}`, 'x-xsrf-token': csrfToken, ...options.headers },
        });
      return {
        request,
        get: (url) => request({ method: 'GET', url }),
        post: (url, payload) =>
          request({ method: 'POST', url, payload: payload as InjectOptions['payload'] }),
        put: (url, payload) => request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] }),
        delete: (url) => request({ method: 'DELETE', url }),
      };
    },
    async close() {
      await app.close();
      await standInMax?.close();
      await botApi.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let nextId = 100_000;
/** A Telegram user no other test has used. */
export function telegramUser(username: string | null, firstName = 'Тест'): TelegramUser {
  nextId += 1;
  return { id: nextId, username, firstName, lastName: null };
}
