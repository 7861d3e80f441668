import { STAND_IN_MAX_KEY } from './bridge';

/**
 * The local stand-in opening the app in MAX: the launch MAX's client makes (the init data the
 * server signed with the local MAX bot's token, in the address's hash), with the stand-in's own
 * `window.WebApp` (stand-in-bridge.ts) where MAX's script would come. The mark lives in the tab's
 * sessionStorage, as the Telegram stand-in's user does. Opens the app anew at `path` as MAX launches
 * it for `initData`, with nothing of the last launch kept.
 */
export function launchStandInMax(initData: string, path = '/', startParam?: string): void {
  sessionStorage.clear();
  sessionStorage.setItem(STAND_IN_MAX_KEY, '1');
  const hash = new URLSearchParams({
    WebAppData: initData,
    WebAppPlatform: 'web',
    WebAppVersion: '26.2.8',
    ...(startParam ? { WebAppStartParam: startParam } : {}),
  });
  const address = `${path}#${hash.toString()}`;
  const samePage = new URL(address, window.location.href).pathname === window.location.pathname;
  window.location.assign(address);
  // Only the hash changed, which loads nothing: the app starts again, as MAX starts it.
  if (samePage) window.location.reload();
}
