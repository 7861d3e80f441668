/**
 * MAX's adapter behind web/src/messenger/: a chunk of its own, fetched only on a MAX launch
 * (launch.ts), so that no Telegram launch carries it. Each capability as MAX's bridge gives it
 * (bridge.ts); what MAX lacks (bottom buttons, the payment sheet, the Settings button, popups,
 * location, write access: ADR 0019) the interface's files answer as absent.
 */

import { applyColorScheme, systemColorScheme } from '@/lib/color-scheme';
import type { LaunchState } from '@/messenger/launch';
import { maxAdapterLoaded } from '@/messenger/messenger-of-launch';
import type { QrReader, QrScan } from '@/messenger/qr-reader';
import type { ShareableMessage, ShareOutcome } from '@/messenger/share';
import { loadBridge, type MaxWebApp } from './bridge';
import { type MaxLaunch, readMaxLaunch } from './init-data';

let launch: MaxLaunch | undefined;
let bridge: MaxWebApp | undefined;

/** MAX's client of the launch is one of these: each part of the bridge names where it does not work. */
const onPlatform = (...platforms: string[]) => platforms.includes(launch?.platform ?? bridge?.platform ?? '');

/** MAX gives the app no palette: the app takes the phone's light or dark, and follows it. */
function followSystemColorScheme(): void {
  window
    .matchMedia('(prefers-color-scheme: dark)')
    .addEventListener('change', () => applyColorScheme(systemColorScheme()));
}

/**
 * Starts talking to MAX for the launch in `query` (its hash, as launch-params.ts kept it), and once
 * started hands the interface this adapter.
 */
export async function startMax(query: string): Promise<LaunchState> {
  launch = readMaxLaunch(query);
  if (!launch) return 'failed';
  bridge = await loadBridge();
  bridge?.ready?.();
  followSystemColorScheme();
  maxAdapterLoaded(MAX_ADAPTER);
  return 'started';
}

/** A client that never answers is not waited for long: what is stored is wanted when the network is gone. */
const STORAGE_TIMEOUT_MS = 3000;

function withinTimeout<T>(answer: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`MAX did not answer ${what} within ${STORAGE_TIMEOUT_MS} ms`)),
      STORAGE_TIMEOUT_MS,
    );
  });
  return Promise.race([answer, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The browser's store, where MAX's client has none (its web one). Telegram's adapter has its own
 * copy: shared, these six lines would be a chunk of their own on My QR's first load.
 */
const browserStore = {
  getItem: async (key: string): Promise<string | null> => localStorage.getItem(key),
  async setItem(key: string, value: string | null): Promise<void> {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  },
};

/** MAX's DeviceStorage, kept per bot and person on the phone; not on MAX's web client. */
const maxStore = (storage: MaxWebApp['DeviceStorage']) => ({
  async getItem(key: string): Promise<string | null> {
    const { value } = await withinTimeout(storage.getItem(key), `the device's ${key}`);
    return value ?? null;
  },
  async setItem(key: string, value: string | null): Promise<void> {
    await withinTimeout<unknown>(
      value === null ? storage.removeItem(key) : storage.setItem(key, value),
      `saving the device's ${key}`,
    );
  },
});

function openExternalLink(url: string): void {
  if (bridge) bridge.openLink(url);
  else window.open(url, '_blank', 'noopener,noreferrer');
}

/** MAX's reader, ended from our side by no longer waiting: the bridge has no way to close it. */
function scanInCodeReader(reader: MaxWebApp['openCodeReader']): QrScan {
  let settle: (text: string | undefined) => void = () => {};
  const result = new Promise<string | undefined>((resolve) => {
    settle = resolve;
  });
  // The page has its own way to pick a picture: MAX's reader is asked for the camera alone.
  reader(false).then(
    ({ value }) => settle(value || undefined),
    (error: unknown) => {
      // Closed without a code, or refused: either way there is no code to show.
      console.warn('MAX closed its QR reader without a code', error);
      settle(undefined);
    },
  );
  return { result, stop: () => settle(undefined) };
}

export const MAX_ADAPTER = {
  initData: (): string | undefined => launch?.initData ?? (bridge?.initData || undefined),
  user: () => launch?.user,
  startParam: () => launch?.startParam ?? (bridge?.initDataUnsafe?.start_param || undefined),

  backButton: {
    show(onPress: () => void): () => void {
      const button = bridge?.BackButton;
      if (!button) return () => {};
      button.onClick(onPress);
      button.show();
      return () => button.offClick(onPress);
    },
    hide: () => bridge?.BackButton.hide(),
  },

  /** Not on MAX's desktop and web clients, which have no vibration. */
  vibrateFor(outcome: 'success' | 'error'): void {
    if (!bridge || !onPlatform('ios', 'android')) return;
    bridge.HapticFeedback.notificationOccurred(outcome).catch((error: unknown) =>
      console.warn('MAX did not vibrate', error),
    );
  },

  openExternalLink,
  /** `https://max.ru/…` (a bot, a chat, an invitation) opens inside MAX; any other link as a page. */
  openMessengerLink(url: string): void {
    if (bridge && /^https:\/\/max\.ru\//.test(url)) bridge.openMaxLink(url);
    else openExternalLink(url);
  },

  download: {
    possible: () => bridge !== undefined && !onPlatform('web'),
    async from(url: string, fileName: string): Promise<void> {
      if (!bridge) throw new Error(`No MAX client to download ${fileName}`);
      // MAX asks the person first; a «no» is theirs to give.
      await bridge.downloadFile(new URL(url, window.location.href).toString(), fileName);
    },
  },

  deviceStore: () => (bridge && !onPlatform('web') ? maxStore(bridge.DeviceStorage) : browserStore),

  /**
   * MAX's camera reader on its phone clients; its page names no platform for it, but desktop and
   * web read with the page's own camera and pictures, as Telegram's do.
   */
  qrReader(): QrReader | undefined {
    const current = bridge;
    if (!current || !onPlatform('ios', 'android')) return undefined;
    return { scan: () => scanInCodeReader(current.openCodeReader.bind(current)) };
  },

  sharing: {
    possible: () => bridge !== undefined,
    /** MAX's chat picker with the text and the app's link (MAX has no prepared message; `mid` needs the bot's). */
    async share({ text, appLink }: ShareableMessage): Promise<ShareOutcome> {
      if (!bridge) throw new Error('No MAX client to share with');
      const { status } = await bridge.shareMaxContent({ text, link: appLink });
      return status === 'shared' ? 'sent' : 'declined';
    },
  },
};

export type MaxAdapter = typeof MAX_ADAPTER;
