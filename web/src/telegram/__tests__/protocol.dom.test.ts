import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitEvent, launchInTelegram } from '@/test/telegram-launch';
import { setBottomButton } from '../bottom-buttons';
import { setClientIsStandIn, supports } from '../protocol';
import { showPopupAlert } from '../show-alert';

const shown = { text: 'Погасить QR', isVisible: true, isEnabled: true, isLoaderVisible: false };

afterEach(() => {
  vi.useRealTimers();
  delete (window as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy;
});

describe('what a Telegram client does, by the version it launched with', () => {
  it('a method from its version on, and not before', () => {
    launchInTelegram('7.9');
    expect(supports('web_app_setup_swipe_behavior')).toBe(true);
    expect(supports('web_app_setup_secondary_button')).toBe(false);
    launchInTelegram('7.10');
    expect(supports('web_app_setup_secondary_button')).toBe(true);
    expect(supports('web_app_request_safe_area')).toBe(false);
  });

  it('tells the main button to shine only from 7.10, and the rest of its set-up to every client', () => {
    const older = launchInTelegram('7.9');
    setBottomButton('main', shown);
    expect(older[0]).toEqual({
      type: 'web_app_setup_main_button',
      data: expect.not.objectContaining({ has_shine_effect: expect.anything() }),
    });
    expect(older[0]?.data).toMatchObject({ text: 'Погасить QR', is_visible: true, is_active: true });

    const newer = launchInTelegram('7.10');
    setBottomButton('main', shown);
    expect(newer[0]?.data).toMatchObject({ text: 'Погасить QR', has_shine_effect: false });
  });

  it('the local stand-in, posing as 8.0, does only what it imitates', () => {
    launchInTelegram('8.0', 'web');
    setClientIsStandIn(true);
    expect(supports('web_app_open_link')).toBe(true);
    expect(supports('web_app_request_safe_area')).toBe(true);
    expect(supports('web_app_setup_main_button')).toBe(false);
    expect(supports('web_app_open_invoice')).toBe(false);
    expect(supports('web_app_request_location')).toBe(false);
    launchInTelegram('8.0', 'web');
    expect(supports('web_app_setup_main_button')).toBe(true);
  });
});

describe('an alert in Telegram’s popup', () => {
  it('is done when the popup closes', async () => {
    const posted = launchInTelegram('6.2');
    const alerting = showPopupAlert('Геолокация выключена.');
    expect(posted).toEqual([
      {
        type: 'web_app_open_popup',
        data: { title: '', message: 'Геолокация выключена.', buttons: [{ id: 'ok', type: 'ok' }] },
      },
    ]);
    emitEvent('popup_closed', { button_id: 'ok' });
    await expect(alerting).resolves.toBeUndefined();
  });

  it('stops waiting for a client that never says it closed, without a second alert', async () => {
    vi.useFakeTimers();
    launchInTelegram('6.2');
    const browserAlert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const alerting = showPopupAlert('Геолокация выключена.');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    await expect(alerting).resolves.toBeUndefined();
    expect(browserAlert).not.toHaveBeenCalled();
  });
});
