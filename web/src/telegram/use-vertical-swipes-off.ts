import { swipeBehavior } from '@telegram-apps/sdk-react';
import { useEffect } from 'react';

/** Screens holding swipes off at the moment; the last one to go turns them back on. */
let holders = 0;

/**
 * Turns off Telegram's swipe-down-to-close while the calling component is shown: on the QR slider
 * and the track map a vertical drag is meant for the content, not for closing the app.
 */
export function useVerticalSwipesOff(): void {
  useEffect(() => {
    if (!swipeBehavior.isMounted()) return;
    holders += 1;
    swipeBehavior.disableVertical.ifAvailable();
    return () => {
      holders -= 1;
      if (holders === 0) swipeBehavior.enableVertical.ifAvailable();
    };
  }, []);
}
