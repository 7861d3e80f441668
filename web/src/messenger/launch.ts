import { launchStandIn, launchTelegram } from '@/telegram/launch';
import { launchedIn, type MessengerId } from './messenger-of-launch';

/**
 * - started: talking to the messenger, and the app can render.
 * - outside: a plain browser; the stand-in user picker decides what happens next.
 * - failed: the page looked launched by a messenger but the app could not start talking to it.
 */
export type LaunchState = 'started' | 'outside' | 'failed';

/**
 * Each messenger's start, tried in turn: one finding no launch of its own in the page (its
 * parameters in the address, or kept for the tab) says 'outside'. MAX's looks for `WebAppData` in
 * the hash (ADR 0019).
 */
const STARTS: Record<MessengerId, () => LaunchState> = { telegram: launchTelegram };

/** Decides at page load which messenger launched the app and starts its adapter. */
export function launch(): LaunchState {
  for (const messenger of Object.keys(STARTS) as MessengerId[]) {
    const state = STARTS[messenger]();
    if (state === 'outside') continue;
    launchedIn(messenger);
    return state;
  }
  return 'outside';
}

/** Starts the app for the demo user picked in the local stand-in, which plays Telegram. */
export function launchAsStandIn(initData: string): LaunchState {
  launchedIn('telegram');
  return launchStandIn(initData);
}
