import type { MaxWebApp } from './bridge';
import { maxLaunchQuery } from './launch-params';

/**
 * The local stand-in's MAX client (ARCHITECTURE §4): `window.WebApp` as MAX's web client would give
 * it, for a launch the stand-in's picker signed, in place of MAX's script. A chunk of our own, so
 * the CSP admits it as it admits the rest of the app; fetched only in the stand-in. MAX's web client
 * has no haptics, storage of its own, downloads or QR reader: the app does without them there too.
 */
export function installStandInBridge(): MaxWebApp {
  const initData = new URLSearchParams(maxLaunchQuery()).get('WebAppData') ?? '';
  const listeners = new Set<() => void>();
  const refused = () => Promise.reject({ error: { code: 'client.not_supported' } });
  const noStorage = {
    setItem: refused,
    getItem: refused,
    removeItem: refused,
    clear: refused,
  };
  const webApp: MaxWebApp = {
    initData,
    platform: 'web',
    version: '26.2.8',
    BackButton: {
      isVisible: false,
      show() {
        webApp.BackButton.isVisible = true;
      },
      hide() {
        webApp.BackButton.isVisible = false;
      },
      onClick: (callback) => listeners.add(callback),
      offClick: (callback) => listeners.delete(callback),
    },
    HapticFeedback: {
      impactOccurred: refused,
      notificationOccurred: refused,
      selectionChanged: refused,
    },
    // MAX opens links in the browser: here, a new tab (the sandbox checkout, say).
    openLink: (url) => void window.open(url, '_blank', 'noopener'),
    openMaxLink: (url) => void window.open(url, '_blank', 'noopener'),
    shareContent: () => Promise.resolve({ status: 'cancelled' }),
    shareMaxContent: () => Promise.resolve({ status: 'cancelled' }),
    downloadFile: refused,
    openCodeReader: refused,
    requestContact: refused,
    enableClosingConfirmation: () => undefined,
    disableClosingConfirmation: () => undefined,
    DeviceStorage: noStorage,
    SecureStorage: noStorage,
  };
  window.WebApp = webApp;
  return webApp;
}
