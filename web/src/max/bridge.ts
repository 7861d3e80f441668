/**
 * MAX's bridge, `window.WebApp`, as dev.max.ru/docs/webapps/bridge documents it: MAX gives the app
 * a script (max-web-app.js), not a protocol to speak (ADR 0019), so this is the object's table, typed
 * as exactly as the page states it, and the loading of the script where the page lacks the object.
 * Most methods answer a Promise that rejects with `{ error: { code } }`.
 */

type Status<S extends string> = Promise<{ status: S }>;

/** Not on MAX's web client; HapticFeedback and BiometricManager not on its desktop one either. */
export type MaxPlatform = 'ios' | 'android' | 'desktop' | 'web';

type Storage = {
  setItem(key: string, value: string): Status<'updated'>;
  getItem(key: string): Promise<{ key: string; value: string | null }>;
  removeItem(key: string): Status<'removed'>;
  clear(): Promise<unknown>;
};

export type MaxWebApp = {
  /** The init data, URL-encoded, as in `WebAppData`: what the server validates. */
  initData: string;
  initDataUnsafe?: {
    user?: { id: number; username?: string | null };
    start_param?: string;
  };
  platform?: MaxPlatform;
  /** The MAX app's version, `<year>.<build>.<patch>`. */
  version?: string;
  /** In an earlier copy of the bridge's page, not in September 2026's: called where it exists. */
  ready?: () => void;
  close?: () => void;
  BackButton: {
    isVisible: boolean;
    show(): void;
    hide(): void;
    onClick(callback: () => void): void;
    offClick(callback: () => void): void;
  };
  HapticFeedback: {
    impactOccurred(
      style: 'soft' | 'light' | 'medium' | 'heavy' | 'rigid',
      disableVibrationFallback?: boolean,
    ): Status<'impactOccured'>;
    notificationOccurred(
      type: 'error' | 'success' | 'warning',
      disableVibrationFallback?: boolean,
    ): Status<'notificationOccured'>;
    selectionChanged(disableVibrationFallback?: boolean): Status<'selectionChanged'>;
  };
  /** Opens a page in the outside browser; MAX checks that a tap led to it, else opens nothing. */
  openLink(url: string): void;
  /** Opens a `https://max.ru/…` link inside MAX (any other in the browser). */
  openMaxLink(url: string): void;
  /** The phone's own share sheet (iOS, Android). */
  shareContent(params: { text?: string; link?: string }): Status<'shared' | 'cancelled'>;
  /** MAX's chat picker; a tap must lead to it, as to openLink. */
  shareMaxContent(
    params: { text?: string; link?: string } | { mid: string; chatType: 'DIALOG' | 'CHAT' },
  ): Status<'shared' | 'cancelled'>;
  /** Saves an https file; a tap must lead to it, and MAX's web client cannot. */
  downloadFile(url: string, fileName: string): Status<'downloading' | 'cancelled'>;
  /** The camera reads a QR; `fileSelect` (the default) lets the person pick a picture instead. */
  openCodeReader(fileSelect?: boolean): Promise<{ value: string }>;
  requestContact(): Promise<{ phone: string; authDate: string; hash: string }>;
  enableClosingConfirmation(): void;
  disableClosingConfirmation(): void;
  DeviceStorage: Storage;
  /** Encrypted, up to 10 keys a person. */
  SecureStorage: Omit<Storage, 'getItem'> & {
    getItem(key: string): Promise<{ key: string; value: string | null }>;
  };
};

declare global {
  interface Window {
    WebApp?: MaxWebApp;
  }
}

/** The one script MAX documents for its bridge; the page's CSP admits it and nothing else from MAX. */
export const MAX_BRIDGE_SCRIPT = 'https://st.max.ru/js/max-web-app.js';

/** The tab's mark of a launch the local stand-in made (stand-in.ts), whose bridge is the stand-in's own. */
export const STAND_IN_MAX_KEY = 'katajsya.standInMax';

/** A script that has not come by then will not: the app starts without the bridge rather than wait on. */
const LOAD_TIMEOUT_MS = 5000;

/**
 * `window.WebApp`: the page's own when MAX gave it one, the local stand-in's in the stand-in, else
 * from MAX's script, loaded now. Undefined when the script could not be had: the app still runs on
 * the launch's init data, with none of MAX's chrome (no back button, haptics or reader), as the
 * capabilities allow.
 */
export function loadBridge(): Promise<MaxWebApp | undefined> {
  if (window.WebApp) return Promise.resolve(window.WebApp);
  if (sessionStorage.getItem(STAND_IN_MAX_KEY)) {
    return import('./stand-in-bridge').then(({ installStandInBridge }) => installStandInBridge());
  }
  return new Promise((resolve) => {
    const script = document.createElement('script');
    const done = () => {
      clearTimeout(timer);
      resolve(window.WebApp);
    };
    const timer = setTimeout(() => {
      console.error(`MAX's bridge (${MAX_BRIDGE_SCRIPT}) did not load within ${LOAD_TIMEOUT_MS} ms`);
      done();
    }, LOAD_TIMEOUT_MS);
    script.src = MAX_BRIDGE_SCRIPT;
    script.addEventListener('load', done, { once: true });
    script.addEventListener(
      'error',
      () => {
        console.error(`MAX's bridge (${MAX_BRIDGE_SCRIPT}) failed to load`);
        done();
      },
      { once: true },
    );
    document.head.append(script);
  });
}
