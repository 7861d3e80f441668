import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The SDK keeps module-level state, so this file starts it exactly once.

const initData = new URLSearchParams({
  user: JSON.stringify({ id: 42, first_name: 'Пётр', username: 'partner_petr' }),
  auth_date: '1700000000',
  signature: 'sig',
  hash: 'abc',
}).toString();

const launchHash = new URLSearchParams({
  tgWebAppData: initData,
  tgWebAppVersion: '8.0',
  tgWebAppPlatform: 'tdesktop',
  tgWebAppThemeParams: JSON.stringify({
    bg_color: '#17212b',
    text_color: '#f5f5f5',
    button_color: '#5288c1',
  }),
}).toString();

type Proxy = { postEvent: (eventType: string, eventData?: string) => void };

// The end-to-end set-up: Telegram's launch parameters in the URL, a webview proxy, and nobody answering.
describe('startTelegramSdk when Telegram answers nothing', () => {
  const posted: string[] = [];

  beforeEach(() => {
    vi.useFakeTimers();
    posted.length = 0;
    window.history.replaceState(null, '', `/#${launchHash}`);
    (window as unknown as { TelegramWebviewProxy: Proxy }).TelegramWebviewProxy = {
      postEvent: (eventType) => posted.push(eventType),
    };
  });

  afterEach(() => {
    vi.useRealTimers();
    delete (window as unknown as { TelegramWebviewProxy?: Proxy }).TelegramWebviewProxy;
    window.history.replaceState(null, '', '/');
  });

  it('starts without waiting, then gives up on the viewport after its timeout and only logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { startTelegramSdk } = await import('../init');
    const sdk = await import('@telegram-apps/sdk-react');

    startTelegramSdk();

    expect(document.documentElement.style.getPropertyValue('--tg-theme-bg-color')).toBe('#17212b');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(sdk.backButton.isMounted()).toBe(true);
    expect(sdk.settingsButton.isVisible()).toBe(true);
    expect(posted).toContain('web_app_setup_settings_button');
    expect(sdk.initData.raw()).toBe(initData);
    expect(posted).toContain('web_app_ready');
    expect(posted).toContain('web_app_request_safe_area');
    expect(warn).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1500);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('viewport'), expect.anything());
  });
});
