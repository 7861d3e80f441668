import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { launchInTelegram, type PostedEvent } from '@/test/telegram-launch';
import { startTelegram } from '../init';
import { launchInitData, launchUser } from '../launch-params';

const initData = new URLSearchParams({
  user: JSON.stringify({ id: 42, first_name: 'Пётр', username: 'partner_petr' }),
  auth_date: '1700000000',
  signature: 'sig',
  hash: 'abc',
}).toString();

const launchHash = (version: string) =>
  new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: version,
    tgWebAppPlatform: 'tdesktop',
    tgWebAppThemeParams: JSON.stringify({
      bg_color: '#17212b',
      text_color: '#f5f5f5',
      button_color: '#5288c1',
    }),
  }).toString();

const style = () => document.documentElement.style;

// The end-to-end set-up: Telegram's launch parameters in the URL, a webview proxy, and nobody answering.
describe('startTelegram', () => {
  let posted: PostedEvent[];

  beforeEach(() => {
    posted = launchInTelegram('8.0');
    window.history.replaceState(null, '', `/#${launchHash('8.0')}`);
  });

  afterEach(() => {
    delete (window as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy;
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('starts without waiting for any answer: theme, settings button, bottom buttons hidden, ready', () => {
    startTelegram({ standIn: false });

    expect(style().getPropertyValue('--tg-theme-bg-color')).toBe('#17212b');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(posted).toContainEqual({ type: 'web_app_setup_settings_button', data: { is_visible: true } });
    expect(posted).toContainEqual({ type: 'web_app_setup_main_button', data: { is_visible: false } });
    expect(posted).toContainEqual({ type: 'web_app_setup_secondary_button', data: { is_visible: false } });
    expect(posted.map(({ type }) => type)).toContain('web_app_request_safe_area');
    expect(posted.at(-1)?.type).toBe('web_app_ready');
    expect(launchInitData()).toBe(initData);
    expect(launchUser()).toMatchObject({ id: 42, username: 'partner_petr' });
  });

  it('follows the theme and the safe areas Telegram reports later', async () => {
    const { emitEvent } = await import('@/test/telegram-launch');
    startTelegram({ standIn: false });

    emitEvent('theme_changed', { theme_params: { bg_color: '#ffffff', text_color: '#000000' } });
    emitEvent('safe_area_changed', { top: 44, bottom: 34, left: 0, right: 0 });
    emitEvent('content_safe_area_changed', { top: 56, bottom: 0, left: 0, right: 0 });

    expect(style().getPropertyValue('--tg-theme-bg-color')).toBe('#ffffff');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(style().getPropertyValue('--tg-viewport-safe-area-inset-top')).toBe('44px');
    expect(style().getPropertyValue('--tg-viewport-safe-area-inset-bottom')).toBe('34px');
    expect(style().getPropertyValue('--tg-viewport-content-safe-area-inset-top')).toBe('56px');
  });

  it('asks an older client only what it knows (Mini Apps 6.0: no settings, safe areas or secondary button)', () => {
    window.history.replaceState(null, '', `/#${launchHash('6.0')}`);
    startTelegram({ standIn: false });

    expect(posted.map(({ type }) => type)).toEqual(['web_app_setup_main_button', 'web_app_ready']);
  });
});
