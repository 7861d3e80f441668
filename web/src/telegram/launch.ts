import { isTMA } from '@telegram-apps/sdk-react';
import { startTelegramSdk } from './init';
import { forgetStandIn, mockTelegramForStandIn, readStandInInitData, rememberStandIn } from './stand-in';

/**
 * - started: the SDK runs and the app can render.
 * - outside: a plain browser; the stand-in user picker decides what happens next.
 * - failed: the environment looked like Telegram but the SDK could not start.
 */
export type LaunchState = 'started' | 'outside' | 'failed';

function urlCarriesLaunchParams(): boolean {
  const { hash, search } = window.location;
  return (
    new URLSearchParams(hash.slice(1)).has('tgWebAppData') || new URLSearchParams(search).has('tgWebAppData')
  );
}

/** Decides at page load how the app runs: launched by Telegram, resumed stand-in, or neither. */
export function launch(): LaunchState {
  try {
    const standInInitData = readStandInInitData();
    if (urlCarriesLaunchParams()) {
      // A real launch always wins over a stand-in user left in this tab.
      if (standInInitData) forgetStandIn();
    } else if (standInInitData) {
      mockTelegramForStandIn(standInInitData);
    } else if (!isTMA()) {
      return 'outside';
    }
    startTelegramSdk();
    return 'started';
  } catch (error) {
    console.error('Telegram SDK failed to start', error);
    return 'failed';
  }
}

/** Starts the app for the demo user picked in the stand-in. */
export function launchAsStandIn(initData: string): LaunchState {
  try {
    rememberStandIn(initData);
    mockTelegramForStandIn(initData);
    startTelegramSdk();
    return 'started';
  } catch (error) {
    console.error('Telegram SDK failed to start for the stand-in user', error);
    return 'failed';
  }
}
