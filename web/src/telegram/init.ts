import {
  backButton,
  closingBehavior,
  initData,
  init as initSdk,
  mainButton,
  miniApp,
  secondaryButton,
  settingsButton,
  swipeBehavior,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react';
import { applyColorScheme } from '@/lib/color-scheme';

/**
 * Telegram answers the viewport's safe-area requests at once; when nothing answers (an old client,
 * the end-to-end tests) the app goes on with the CSS env() fallbacks instead of waiting forever.
 */
const VIEWPORT_ANSWER_TIMEOUT_MS = 1500;

/**
 * The one place the SDK starts. Everything here is synchronous except the viewport, which asks
 * Telegram and is left to finish (or give up) in the background, so rendering never waits for it.
 * Call only once the environment is Telegram's (real or the local stand-in).
 */
export function startTelegramSdk(): void {
  initSdk();
  initData.restore();
  backButton.mount.ifAvailable();
  mountNativeControls();
  // Telegram's menu offers «Настройки» with it: the app opens its privacy policy there.
  settingsButton.mount.ifAvailable();
  settingsButton.show.ifAvailable();

  themeParams.mountSync.ifAvailable();
  themeParams.bindCssVars.ifAvailable();
  followColorScheme();

  void mountViewport();
  miniApp.ready.ifAvailable();
}

/**
 * Telegram's bottom buttons, swipes and closing confirmation, for the screens that use them. After
 * a reload the SDK restores a button a screen left shown; no screen owns it yet, so it goes.
 */
function mountNativeControls(): void {
  closingBehavior.mount.ifAvailable();
  swipeBehavior.mount.ifAvailable();
  for (const button of [mainButton, secondaryButton]) {
    button.mount.ifAvailable();
    if (button.isMounted() && button.isVisible())
      button.setParams({ isVisible: false, isLoaderVisible: false });
  }
}

/** The palette follows Telegram's theme, which may differ from the OS setting. */
function followColorScheme(): void {
  if (!themeParams.isMounted()) return;
  const apply = () => applyColorScheme(themeParams.isDark() ? 'dark' : 'light');
  apply();
  themeParams.isDark.sub(apply);
}

async function mountViewport(): Promise<void> {
  try {
    if (!viewport.mount.isAvailable()) return;
    await viewport.mount({ timeout: VIEWPORT_ANSWER_TIMEOUT_MS });
    viewport.bindCssVars();
  } catch (error) {
    console.warn('Telegram did not report the viewport; safe areas fall back to CSS env()', error);
  }
}
