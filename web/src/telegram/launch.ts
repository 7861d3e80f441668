import { startTelegram } from './init';
import { keepLaunchParams, launchParams, launchQueryInUrl } from './launch-params';
import { forgetStandIn, mockTelegramForStandIn, readStandInInitData, rememberStandIn } from './stand-in';

/**
 * - started: talking to Telegram, and the app can render.
 * - outside: a plain browser; the stand-in user picker decides what happens next.
 * - failed: the environment looked like Telegram but the app could not start talking to it.
 */
export type LaunchState = 'started' | 'outside' | 'failed';

/** Decides at page load how the app runs: launched by Telegram, resumed stand-in, or neither. */
export function launch(): LaunchState {
  try {
    const standInInitData = readStandInInitData();
    const launchQuery = launchQueryInUrl();
    const standIn = !launchQuery && standInInitData !== undefined;
    if (launchQuery) {
      // A real launch always wins over a stand-in user left in this tab.
      if (standInInitData) forgetStandIn();
      keepLaunchParams(launchQuery);
    } else if (standInInitData) {
      mockTelegramForStandIn(standInInitData);
    } else if (!launchParams()) {
      return 'outside';
    }
    startTelegram({ standIn });
    return 'started';
  } catch (error) {
    console.error('The app could not start talking to Telegram', error);
    return 'failed';
  }
}

/** Starts the app for the demo user picked in the stand-in. */
export function launchAsStandIn(initData: string): LaunchState {
  try {
    rememberStandIn(initData);
    mockTelegramForStandIn(initData);
    startTelegram({ standIn: true });
    return 'started';
  } catch (error) {
    console.error('The app could not start for the stand-in user', error);
    return 'failed';
  }
}
