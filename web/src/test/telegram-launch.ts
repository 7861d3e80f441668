import { init } from '@telegram-apps/sdk-react';

export type PostedEvent = { type: string; data: unknown };

/**
 * Starts the real SDK as a Telegram client (Desktop unless told) launches a mini-app of the given
 * Mini Apps version, and records what the app posts to Telegram. The SDK keeps module state: call
 * once per test file.
 */
export function launchInTelegram(version: string, platform = 'tdesktop'): PostedEvent[] {
  const posted: PostedEvent[] = [];
  const launchHash = new URLSearchParams({
    tgWebAppData: new URLSearchParams({ auth_date: '1700000000', signature: 'sig', hash: 'abc' }).toString(),
    tgWebAppVersion: version,
    tgWebAppPlatform: platform,
    tgWebAppThemeParams: JSON.stringify({ bg_color: '#ffffff' }),
  });
  window.history.replaceState(null, '', `/#${launchHash}`);
  Object.assign(window, {
    TelegramWebviewProxy: {
      postEvent: (type: string, data?: string) => posted.push({ type, data: data && JSON.parse(data) }),
    },
  });
  init();
  return posted;
}
