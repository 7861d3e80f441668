import { useSyncExternalStore } from 'react';
import { whenIdle } from './when-idle';

/**
 * Whether the offline shell (offline-shell/sw.js) can keep the app on this phone: `unavailable`
 * where the webview has no service workers (Telegram for iOS) or refuses ours; `unknown` until the
 * registration has answered, and in development, where none is registered.
 */
export type OfflineShellState = 'unknown' | 'registered' | 'unavailable';

let state: OfflineShellState = 'unknown';
const listeners = new Set<() => void>();

function settle(next: OfflineShellState) {
  state = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useOfflineShellState = () => useSyncExternalStore(subscribe, () => state);

/**
 * Registers the offline shell once the first screen is drawn, and records whether it could be: a
 * phone without it opens the app only with a signal, which its users are told.
 */
export function installOfflineShell(): void {
  if (!('serviceWorker' in navigator)) {
    settle('unavailable');
    return;
  }
  whenIdle(() => {
    navigator.serviceWorker.register('/sw.js').then(
      // A webview that stubs the registration out (some do, as Playwright's blocking does) answers nothing.
      (registration: ServiceWorkerRegistration | undefined) =>
        settle(registration ? 'registered' : 'unavailable'),
      (error: unknown) => {
        console.warn('The offline shell was not installed', error);
        settle('unavailable');
      },
    );
  });
}

/**
 * Asks the offline shell to keep files the app fetches only on some screens (the QR decoder's WASM),
 * so that they are there when the app opens with no signal. Nothing happens without a shell.
 */
export function keepInOfflineShell(urls: string[]): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ keep: urls }));
}
