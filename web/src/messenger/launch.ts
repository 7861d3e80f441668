import { launchMax } from '@/max/launch';
import { maxLaunchQueryInUrl } from '@/max/launch-params';
import { launchStandIn, launchTelegram } from '@/telegram/launch';
import { launchQueryInUrl } from '@/telegram/launch-params';
import { launchedIn, type MessengerId } from './messenger-of-launch';

/**
 * - started: talking to the messenger, and the app can render.
 * - outside: a plain browser; the stand-in user picker decides what happens next.
 * - failed: the page looked launched by a messenger but the app could not start talking to it.
 */
export type LaunchState = 'started' | 'outside' | 'failed';

type MessengerLaunch = {
  /** The messenger's launch parameters are in this page's address: it just launched the app. */
  inUrl: () => boolean;
  /**
   * Its start: 'outside' when the page holds no launch of its own (in the address, or kept for the
   * tab). MAX's adapter is a chunk of its own, so its start answers once that has come.
   */
  start: () => LaunchState | Promise<LaunchState>;
};

const LAUNCHES: Record<MessengerId, MessengerLaunch> = {
  telegram: { inUrl: () => launchQueryInUrl() !== undefined, start: launchTelegram },
  max: { inUrl: () => maxLaunchQueryInUrl() !== undefined, start: launchMax },
};

/** Which messenger this tab was launched by, so a reload on another screen (no hash) asks it alone. */
const KEPT_KEY = 'katajsya.launchMessenger';

const isMessenger = (name: string | null): name is MessengerId => name !== null && name in LAUNCHES;

/**
 * Decides at page load which messenger launched the app and starts its adapter. A launch in the
 * address wins over whatever the tab kept; without one, the tab's messenger, else each in turn.
 */
export function launch(): LaunchState | Promise<LaunchState> {
  const all = Object.keys(LAUNCHES) as MessengerId[];
  const inUrl = all.find((messenger) => LAUNCHES[messenger].inUrl());
  const kept = sessionStorage.getItem(KEPT_KEY);
  const candidates = inUrl ? [inUrl] : isMessenger(kept) ? [kept] : all;
  for (const messenger of candidates) {
    const state = LAUNCHES[messenger].start();
    if (state === 'outside') continue;
    launchedIn(messenger);
    sessionStorage.setItem(KEPT_KEY, messenger);
    return state;
  }
  return 'outside';
}

/** Starts the app for the demo user picked in the local stand-in, which plays Telegram. */
export function launchAsStandIn(initData: string): LaunchState {
  launchedIn('telegram');
  sessionStorage.setItem(KEPT_KEY, 'telegram');
  return launchStandIn(initData);
}
