import type { Page } from '@playwright/test';
import { type MaxUser, signMaxInitData } from '../../server/src/max/init-data.ts';
import { startFakeBotApi } from '../../test-support/fake-bot-api.ts';
import { type MaxChatMember, startFakeMaxApi } from '../../test-support/fake-max-api.ts';
import { E2E_BOT_TOKEN, E2E_CHAT_ID, portOfWorker } from './constants.ts';
import { SERVER_START_BOUND_MS, startServer } from './server.ts';

export const E2E_MAX_BOT_TOKEN = 'e2e-max-bot-token_abcdefghijklmnopqrstuv';
export const E2E_MAX_BOT_NAME = 'id7700000000_bot';
export const E2E_MAX_CHAT_ID = '-70000000012';

/** A fourth server of the worker's, started by the spec that opens the app in MAX: one with both bots. */
export const E2E_MAX_URL = `http://127.0.0.1:${portOfWorker(Number(process.env.TEST_PARALLEL_INDEX ?? 0)) + 3}`;

/** MAX members the spec opens the app as; nobody else's server has seen them. */
export const MAX_MEMBERS = {
  light: { id: 80_000_001, firstName: 'Мила', lastName: null, username: 'e2e_max_light' },
  dark: { id: 80_000_002, firstName: 'Марк', lastName: null, username: 'e2e_max_dark' },
  buyer: { id: 80_000_003, firstName: 'Макар', lastName: null, username: 'e2e_max_buyer' },
} as const satisfies Record<string, MaxUser>;

/**
 * The real server with MAX beside Telegram, as production runs both: MAX's Bot API a fake of our own
 * (test-support/fake-max-api.ts) whose community chat holds `members`, Telegram's the fake Bot API.
 * Resolves to its stop.
 */
export async function startServerWithMax(members: MaxUser[]) {
  const maxApi = await startFakeMaxApi({ token: E2E_MAX_BOT_TOKEN, botName: E2E_MAX_BOT_NAME });
  maxApi.setChat(
    E2E_MAX_CHAT_ID,
    members.map(
      (member): MaxChatMember => ({
        user_id: member.id,
        first_name: member.firstName,
        username: member.username,
      }),
    ),
  );
  const botApi = await startFakeBotApi({ token: E2E_BOT_TOKEN });
  try {
    const stopServer = await startServer(
      E2E_MAX_URL,
      {
        NODE_ENV: 'test',
        DEMO_DATA: '1',
        BOT_TOKEN: E2E_BOT_TOKEN,
        TELEGRAM_API_ROOT: botApi.apiRoot,
        COMMUNITY_CHAT_ID: E2E_CHAT_ID,
        COMMUNITY_CHAT_LINK: 'https://t.me/katajsya_s_nami_chat',
        MAX_BOT_TOKEN: E2E_MAX_BOT_TOKEN,
        MAX_BOT_NAME: E2E_MAX_BOT_NAME,
        MAX_API_ROOT: maxApi.apiRoot,
        MAX_COMMUNITY_CHAT_ID: E2E_MAX_CHAT_ID,
        PAYMENT_PROVIDER: 'sandbox',
      },
      { migrated: true },
    );
    return async () => {
      await stopServer();
      await Promise.all([maxApi.close(), botApi.close()]);
    };
  } catch (error) {
    await Promise.all([maxApi.close(), botApi.close()]);
    throw error;
  }
}

export { SERVER_START_BOUND_MS };

/** A call the app made on MAX's bridge: the method's path (`BackButton.show`) and its arguments. */
export type MaxBridgeCall = [method: string, ...args: unknown[]];

/**
 * MAX's bridge as its page documents it (dev.max.ru/docs/webapps/bridge), standing in for MAX's
 * client in the browser: `window.WebApp` with the launch's init data, recording every call the app
 * makes in `window.__maxCalls`; the back button's listeners kept for `pressMaxBackButton`. Runs in
 * the page, before the app: it imports nothing.
 */
function installMaxBridge(platform: string) {
  const calls: unknown[][] = [];
  const backListeners = new Set<() => void>();
  const stored = new Map<string, string>();
  const record =
    (method: string, answer: (...args: never[]) => unknown = () => undefined) =>
    (...args: unknown[]) => {
      calls.push([method, ...args]);
      return (answer as (...a: unknown[]) => unknown)(...args);
    };
  const status = (value: string) => () => Promise.resolve({ status: value });
  const storage = {
    setItem: record('DeviceStorage.setItem', (key: string, value: string) => {
      stored.set(key, value);
      return Promise.resolve({ status: 'updated' });
    }),
    getItem: record('DeviceStorage.getItem', (key: string) =>
      Promise.resolve({ key, value: stored.get(key) ?? null }),
    ),
    removeItem: record('DeviceStorage.removeItem', (key: string) => {
      stored.delete(key);
      return Promise.resolve({ status: 'removed' });
    }),
    clear: record('DeviceStorage.clear', status('cleared')),
  };
  const hash = new URLSearchParams(window.location.hash.slice(1));
  Object.assign(window, {
    __maxCalls: calls,
    __maxPressBack: () => {
      for (const listener of backListeners) listener();
    },
    WebApp: {
      initData: hash.get('WebAppData') ?? '',
      initDataUnsafe: {},
      platform,
      version: hash.get('WebAppVersion') ?? '26.2.8',
      ready: record('ready'),
      close: record('close'),
      BackButton: {
        isVisible: false,
        show: record('BackButton.show'),
        hide: record('BackButton.hide'),
        onClick: record('BackButton.onClick', (callback: () => void) => backListeners.add(callback)),
        offClick: record('BackButton.offClick', (callback: () => void) => backListeners.delete(callback)),
      },
      HapticFeedback: {
        impactOccurred: record('HapticFeedback.impactOccurred', status('impactOccured')),
        notificationOccurred: record('HapticFeedback.notificationOccurred', status('notificationOccured')),
        selectionChanged: record('HapticFeedback.selectionChanged', status('selectionChanged')),
      },
      openLink: record('openLink'),
      openMaxLink: record('openMaxLink'),
      shareContent: record('shareContent', status('shared')),
      shareMaxContent: record('shareMaxContent', status('shared')),
      downloadFile: record('downloadFile', status('downloading')),
      openCodeReader: record('openCodeReader', () => new Promise(() => {})),
      requestContact: record('requestContact', () =>
        Promise.reject({ error: { code: 'client.request_phone.user_refused_provide_phone_number' } }),
      ),
      enableClosingConfirmation: record('enableClosingConfirmation'),
      disableClosingConfirmation: record('disableClosingConfirmation'),
      DeviceStorage: storage,
      SecureStorage: storage,
    },
  });
}

/**
 * Opens the mini-app the way MAX's client does (dev.max.ru/docs/webapps/validation): the launch
 * parameters in the URL's hash, `WebAppData` signed with the MAX bot's token, and its bridge as
 * `window.WebApp` (the stand-in above), on the server with MAX (`startServerWithMax`). MAX gives no
 * palette: the theme is the phone's.
 */
export async function openAsMax(
  page: Page,
  user: MaxUser,
  options: { path?: string; theme?: 'light' | 'dark'; platform?: string; startParam?: string } = {},
) {
  await page.addInitScript(installMaxBridge, options.platform ?? 'ios');
  const hash = new URLSearchParams({
    WebAppData: signMaxInitData(user, E2E_MAX_BOT_TOKEN, new Date(), options.startParam),
    WebAppPlatform: options.platform ?? 'ios',
    WebAppVersion: '26.2.8',
    ...(options.startParam && { WebAppStartParam: options.startParam }),
  });
  await page.emulateMedia({ colorScheme: options.theme === 'dark' ? 'dark' : 'light' });
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  await page.goto(`${E2E_MAX_URL}${options.path ?? '/'}#${hash.toString()}`);
}

/** What the app asked of MAX's bridge so far, oldest first. */
export const maxBridgeCalls = (page: Page): Promise<MaxBridgeCall[]> =>
  page.evaluate(() => (window as unknown as { __maxCalls: MaxBridgeCall[] }).__maxCalls);

/** Plays the person pressing MAX's back button in the client's header. */
export const pressMaxBackButton = (page: Page) =>
  page.evaluate(() => (window as unknown as { __maxPressBack: () => void }).__maxPressBack());
