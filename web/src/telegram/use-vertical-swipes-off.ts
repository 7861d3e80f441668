import { useEffect } from 'react';
import { postEvent } from './bridge';
import { supports } from './protocol';

/** Screens holding swipes off at the moment; the last one to go turns them back on. */
let holders = 0;

const allowVerticalSwipes = (allow: boolean) =>
  postEvent('web_app_setup_swipe_behavior', { allow_vertical_swipe: allow });

/**
 * Turns off Telegram's swipe-down-to-close (Mini Apps 7.7) while the calling component is shown: on
 * the QR slider and the track map a vertical drag is meant for the content, not for closing the app.
 */
export function useTelegramVerticalSwipesOff(): void {
  useEffect(() => {
    if (!supports('web_app_setup_swipe_behavior')) return;
    holders += 1;
    allowVerticalSwipes(false);
    return () => {
      holders -= 1;
      if (holders === 0) allowVerticalSwipes(true);
    };
  }, []);
}
