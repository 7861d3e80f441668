import { afterEach, describe, expect, it, vi } from 'vitest';
import { launchInTelegram } from '@/test/telegram-launch';
import { on, postEvent, request, TelegramTimeoutError } from '../bridge';

type Globals = {
  Telegram: { WebView: { receiveEvent: (type: string, data?: unknown) => void } };
  TelegramGameProxy: { receiveEvent: (type: string, data?: unknown) => void };
  TelegramGameProxy_receiveEvent: (type: string, data?: unknown) => void;
};

describe('the bridge to Telegram', () => {
  afterEach(() => {
    vi.useRealTimers();
    delete (window as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy;
  });

  it('hears each of the three globals Telegram’s apps call, until told to stop', () => {
    const heard = vi.fn();
    const stop = on('theme_changed', heard);
    const page = window as unknown as Globals;

    page.Telegram.WebView.receiveEvent('theme_changed', { theme_params: { bg_color: '#000000' } });
    page.TelegramGameProxy.receiveEvent('theme_changed', { theme_params: {} });
    page.TelegramGameProxy_receiveEvent('theme_changed');
    stop();
    page.Telegram.WebView.receiveEvent('theme_changed');

    expect(heard.mock.calls).toEqual([
      [{ theme_params: { bg_color: '#000000' } }],
      [{ theme_params: {} }],
      [undefined],
    ]);
  });

  it('calls every listener of an event, each on its own: one that throws keeps none of the others from it', () => {
    const failing = vi.fn(() => {
      throw new Error('a screen’s bug');
    });
    const heard = vi.fn();
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stops = [on('popup_closed', failing), on('popup_closed', heard)];
    (window as unknown as Globals).Telegram.WebView.receiveEvent('popup_closed', { button_id: 'ok' });
    for (const stop of stops) stop();

    expect(failing).toHaveBeenCalledOnce();
    expect(heard).toHaveBeenCalledWith({ button_id: 'ok' });
    expect(reported).toHaveBeenCalledWith("A listener for Telegram's popup_closed failed", expect.any(Error));
    reported.mockRestore();
  });

  it('ignores messages that are not Telegram’s events', () => {
    const heard = vi.fn();
    on('popup_closed', heard);
    for (const data of ['not json', '{"eventData":1}', { eventType: 'popup_closed' }])
      window.dispatchEvent(new MessageEvent('message', { data, source: window }));
    expect(heard).not.toHaveBeenCalled();
  });

  it('takes the answer to its own request by req_id, and a later one is not mistaken for it', async () => {
    const posted = launchInTelegram('9.0');
    const asking = request(
      'web_app_device_storage_get_key',
      { req_id: 'mine', key: 'k' },
      ['device_storage_key_received'],
      { capture: ({ payload }) => payload.req_id === 'mine' },
    );
    const receive = (window as unknown as Globals).Telegram.WebView.receiveEvent;
    receive('device_storage_key_received', { req_id: 'theirs', value: 'no' });
    receive('device_storage_key_received', { req_id: 'mine', value: 'yes' });

    await expect(asking).resolves.toEqual({
      event: 'device_storage_key_received',
      payload: { req_id: 'mine', value: 'yes' },
    });
    expect(posted).toEqual([{ type: 'web_app_device_storage_get_key', data: { req_id: 'mine', key: 'k' } }]);
  });

  it('gives up on a client that never answers, after the time given', async () => {
    vi.useFakeTimers();
    launchInTelegram('8.0');
    const asking = request('web_app_check_location', undefined, ['location_checked'], { timeoutMs: 3000 });
    const failed = expect(asking).rejects.toBeInstanceOf(TelegramTimeoutError);
    await vi.advanceTimersByTimeAsync(3000);
    await failed;
  });

  it('refuses to post outside Telegram, where nothing would take it', async () => {
    expect(() => postEvent('web_app_ready')).toThrow(/No Telegram client/);
    const popup = { title: '', message: 'Привет', buttons: [{ id: 'ok', type: 'ok' as const }] };
    await expect(request('web_app_open_popup', popup, ['popup_closed'])).rejects.toThrow(
      /No Telegram client/,
    );
  });
});
