import type { TelegramUser } from '../src/telegram/init-data.ts';
import { signInitData } from '../src/telegram/init-data.ts';

/**
 * How Telegram Desktop opens the mini-app: launch parameters in the URL's hash. The page also needs
 * `window.TelegramWebviewProxy` to send its events to; `TELEGRAM_PROXY_SCRIPT` makes one that
 * drops them, to run before the page's own scripts.
 */
export function launchUrl(base: string, path: string, user: TelegramUser, botToken: string): string {
  const hash = new URLSearchParams({
    tgWebAppData: signInitData(user, botToken),
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'tdesktop',
    tgWebAppThemeParams: JSON.stringify({ bg_color: '#ffffff', text_color: '#000000' }),
  });
  return `${base}${path}#${hash}`;
}

export const TELEGRAM_PROXY_SCRIPT = 'window.TelegramWebviewProxy = { postEvent() {} };';
