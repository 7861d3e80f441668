import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { launchInTelegram } from '@/test/telegram-launch';
import { vibrateFor } from '../haptics';
import { launch } from '../launch';
import { OpenInMessenger } from '../open-in-messenger';

const TELEGRAM_LAUNCH =
  '/#tgWebAppData=user%3D%257B%2522id%2522%253A7%257D&tgWebAppVersion=8.0&tgWebAppPlatform=ios';

afterEach(() => {
  delete (window as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy;
  window.history.replaceState(null, '', '/');
});

// One page's life each: which messenger launched it is known once, at the launch, for good.
describe('the launch picks the messenger', () => {
  it('in a plain browser names every messenger the app opens in', () => {
    expect(launch()).toBe('outside');
    render(<OpenInMessenger />);
    expect(screen.getByRole('heading', { name: 'Откройте приложение в Telegram или MAX' })).toBeVisible();
    expect(
      screen.getByText('Найдите бота сплавного чата в Telegram или MAX и запустите приложение кнопкой меню.'),
    ).toBeVisible();
  });

  it('names Telegram when Telegram launched the app and it could not start talking to it', () => {
    // Telegram's parameters in the address, and no client to take what the app posts.
    window.history.replaceState(null, '', TELEGRAM_LAUNCH);
    expect(launch()).toBe('failed');
    render(<OpenInMessenger />);
    expect(screen.getByRole('heading', { name: 'Откройте приложение в Telegram' })).toBeVisible();
  });

  it('speaks to Telegram through its adapter when Telegram launched the app', () => {
    const posted = launchInTelegram('8.0', 'ios');
    expect(launch()).toBe('started');
    posted.length = 0;
    vibrateFor('success');
    expect(posted).toEqual([
      {
        type: 'web_app_trigger_haptic_feedback',
        data: { type: 'notification', notification_type: 'success' },
      },
    ]);
  });
});
