import { useTelegramVerticalSwipesOff } from '@/telegram/use-vertical-swipes-off';
import { ofLaunch } from './messenger-of-launch';

/** MAX documents no swipe-to-close to turn off (ADR 0019): nothing to do there. */
const keepMaxSwipes = (): void => {};

/**
 * Turns off the messenger's swipe-down-to-close while the calling component is shown, where its
 * client has one: on the QR slider and the track map a vertical drag is meant for the content.
 */
export const useVerticalSwipesOff = (): void =>
  ofLaunch({ telegram: useTelegramVerticalSwipesOff, max: () => keepMaxSwipes })();
