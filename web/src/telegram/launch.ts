import type { LaunchState } from '@/messenger/launch';
import { startTelegram } from './init';
import { keepLaunchParams, launchParams, launchQueryInUrl } from './launch-params';
import { forgetStandIn, mockTelegramForStandIn, readStandInInitData, rememberStandIn } from './stand-in';

/** Decides at page load how the app runs: launched by Telegram, resumed stand-in, or neither. */
export function launchTelegram(): LaunchState {
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

/** Starts the app for the demo user picked in the stand-in, which plays Telegram. */
export function launchStandIn(initData: string): LaunchState {
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
