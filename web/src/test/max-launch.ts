import type { MaxPlatform, MaxWebApp } from '@/max/bridge';

/** A call the app made on MAX's bridge: the method's path (`BackButton.show`) and its arguments. */
export type MaxCall = [method: string, ...args: unknown[]];

export type MaxUser = { id: number; username?: string | null; first_name?: string };

/** What a stand-in's methods answer, where a test wants other than success. */
export type MaxAnswers = {
  codeReader?: () => Promise<{ value: string }>;
  share?: () => Promise<{ status: 'shared' | 'cancelled' }>;
};

/**
 * The launch hash MAX gives the app (dev.max.ru/docs/webapps/validation): `WebAppData` with the
 * user, `WebAppPlatform`, `WebAppVersion` and, from a `startapp` link, `WebAppStartParam`.
 */
export function maxLaunchHash(
  user: MaxUser,
  { platform = 'ios', startParam }: { platform?: MaxPlatform; startParam?: string } = {},
): string {
  const initData = new URLSearchParams({
    auth_date: '1700000000',
    query_id: 'q-1',
    user: JSON.stringify({ first_name: 'Max', username: null, ...user }),
    chat: JSON.stringify({ id: 1, type: 'DIALOG' }),
    hash: 'abc',
  }).toString();
  return new URLSearchParams({
    WebAppData: initData,
    WebAppPlatform: platform,
    WebAppVersion: '26.2.8',
    ...(startParam && { WebAppStartParam: startParam }),
  }).toString();
}

/**
 * A `window.WebApp` that records every call the app makes, answering as MAX's bridge documents
 * (dev.max.ru/docs/webapps/bridge); the back button's listeners are kept so a test can press it.
 */
export function fakeMaxWebApp(
  initData: string,
  platform: MaxPlatform,
  answers: MaxAnswers = {},
): { webApp: MaxWebApp; calls: MaxCall[]; pressBack: () => void; stored: Map<string, string> } {
  const calls: MaxCall[] = [];
  const backListeners = new Set<() => void>();
  const stored = new Map<string, string>();
  const record =
    <R>(method: string, answer: (...args: never[]) => R) =>
    (...args: unknown[]): R => {
      calls.push([method, ...args]);
      return (answer as (...a: unknown[]) => R)(...args);
    };
  const storage = {
    setItem: record('DeviceStorage.setItem', (key: string, value: string) => {
      stored.set(key, value);
      return Promise.resolve({ status: 'updated' as const });
    }),
    getItem: record('DeviceStorage.getItem', (key: string) =>
      Promise.resolve({ key, value: stored.get(key) ?? null }),
    ),
    removeItem: record('DeviceStorage.removeItem', (key: string) => {
      stored.delete(key);
      return Promise.resolve({ status: 'removed' as const });
    }),
    clear: record('DeviceStorage.clear', () => Promise.resolve({})),
  };
  const webApp: MaxWebApp = {
    initData,
    initDataUnsafe: {},
    platform,
    version: '26.2.8',
    ready: record('ready', () => {}),
    close: record('close', () => {}),
    BackButton: {
      isVisible: false,
      show: record('BackButton.show', () => {}),
      hide: record('BackButton.hide', () => {}),
      onClick: record('BackButton.onClick', (callback: () => void) => {
        backListeners.add(callback);
      }),
      offClick: record('BackButton.offClick', (callback: () => void) => {
        backListeners.delete(callback);
      }),
    },
    HapticFeedback: {
      impactOccurred: record('HapticFeedback.impactOccurred', () =>
        Promise.resolve({ status: 'impactOccured' as const }),
      ),
      notificationOccurred: record('HapticFeedback.notificationOccurred', () =>
        Promise.resolve({ status: 'notificationOccured' as const }),
      ),
      selectionChanged: record('HapticFeedback.selectionChanged', () =>
        Promise.resolve({ status: 'selectionChanged' as const }),
      ),
    },
    openLink: record('openLink', () => {}),
    openMaxLink: record('openMaxLink', () => {}),
    shareContent: record('shareContent', () => Promise.resolve({ status: 'shared' as const })),
    shareMaxContent: record(
      'shareMaxContent',
      answers.share ?? (() => Promise.resolve({ status: 'shared' as const })),
    ),
    downloadFile: record('downloadFile', () => Promise.resolve({ status: 'downloading' as const })),
    openCodeReader: record(
      'openCodeReader',
      answers.codeReader ?? (() => Promise.resolve({ value: 'qr text' })),
    ),
    requestContact: record('requestContact', () =>
      Promise.reject({ error: { code: 'client.request_phone.request_error' } }),
    ),
    enableClosingConfirmation: record('enableClosingConfirmation', () => {}),
    disableClosingConfirmation: record('disableClosingConfirmation', () => {}),
    DeviceStorage: storage,
    SecureStorage: storage,
  };
  return {
    webApp,
    calls,
    pressBack: () => {
      for (const listener of backListeners) listener();
    },
    stored,
  };
}

/**
 * Launches the app as MAX's client on `platform` does: the launch hash in the address and its
 * bridge as `window.WebApp`. Returns what the bridge records.
 */
export function launchInMax(
  user: MaxUser,
  options: { platform?: MaxPlatform; startParam?: string; answers?: MaxAnswers } = {},
) {
  const hash = maxLaunchHash(user, options);
  window.history.replaceState(null, '', `/#${hash}`);
  const initData = new URLSearchParams(hash).get('WebAppData') ?? '';
  const fake = fakeMaxWebApp(initData, options.platform ?? 'ios', options.answers);
  window.WebApp = fake.webApp;
  return { ...fake, initData };
}
