import { hideBottomButtons } from './bottom-buttons';
import { isInsideFrame, on, postEvent } from './bridge';
import { type LaunchParams, launchParams } from './launch-params';
import { setClientIsStandIn } from './protocol';
import { followSafeAreas } from './safe-areas';
import { showSettingsButton } from './settings-button';
import { followTheme } from './theme';

/**
 * The one place the app starts talking to Telegram, synchronously: nothing here waits for an
 * answer, so rendering never does. Call only once the environment is Telegram's (real or the local
 * stand-in), that is once launchParams() has them; `standIn` says which of the two it is.
 */
export function startTelegram({ standIn }: { standIn: boolean }): LaunchParams {
  const params = launchParams();
  if (!params) throw new Error('No launch parameters: the app was not launched by Telegram');
  // What the client does is asked of the protocol's table, which the stand-in answers in part.
  setClientIsStandIn(standIn);
  if (isInsideFrame()) {
    // Telegram Web reloads the frame by asking the app to.
    on('reload_iframe', () => {
      postEvent('iframe_will_reload');
      window.location.reload();
    });
    postEvent('iframe_ready', { reload_supported: true });
  }
  // iOS WebKit draws :active (a pressed control) only where a touchstart listener exists: without
  // this one, a tap on a slow network looked like nothing happened until the answer came.
  document.addEventListener('touchstart', () => {}, { passive: true });
  followTheme(params.themeParams);
  followSafeAreas();
  hideBottomButtons();
  showSettingsButton();
  postEvent('web_app_ready');
  return params;
}
