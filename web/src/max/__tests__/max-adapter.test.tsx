import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { MemoryRouter } from '@/lib/router/router';
import { MAX_BRIDGE_SCRIPT } from '@/max/bridge';
import { deviceStore } from '@/messenger/device-storage';
import { canDownloadFiles, downloadFileFrom } from '@/messenger/download';
import { vibrateFor } from '@/messenger/haptics';
import { launch } from '@/messenger/launch';
import { launchAuthScheme, launchInitData, launchStartParam, launchUser } from '@/messenger/launch-params';
import { openExternalLink, openMessengerLink } from '@/messenger/links';
import { messengerLocation } from '@/messenger/location';
import { messengerName } from '@/messenger/messenger-of-launch';
import { OpenInMessenger } from '@/messenger/open-in-messenger';
import { Page } from '@/messenger/page';
import { paymentSheet } from '@/messenger/payment-sheet';
import { popup } from '@/messenger/popup';
import { qrReader } from '@/messenger/qr-reader';
import { canShare, shareMessage } from '@/messenger/share';
import { useMainButton } from '@/messenger/use-main-button';
import { writeAccess } from '@/messenger/write-access';
import { launchInMax, maxLaunchHash } from '@/test/max-launch';
import { ScreenAt } from '@/test/screens';
import { launchInTelegram } from '@/test/telegram-launch';

beforeEach(() => {
  // jsdom has no matchMedia; MAX gives no palette, so the app asks it for the phone's.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.WebApp;
  delete (window as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy;
  for (const script of document.querySelectorAll('script')) script.remove();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

// One page's life each, as in a MAX client: the launch decides the messenger for good.
describe("MAX's adapter", () => {
  it('takes the launch and the user from the hash, and signs requests as `max`', async () => {
    const max = launchInMax({ id: 42, username: 'river_rat' }, { startParam: 'my-coupons' });
    const state = launch();
    expect(state).toBeInstanceOf(Promise);
    expect(await state).toBe('started');
    expect(messengerName()).toBe('MAX');
    expect(launchInitData()).toBe(max.initData);
    expect(launchAuthScheme()).toBe('max');
    expect(launchUser()).toEqual({ id: 42, username: 'river_rat' });
    expect(launchStartParam()).toBe('my-coupons');
    expect(max.calls).toContainEqual(['ready']);

    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ ok: true }));
    await api.get('/api/anything');
    const headers = new Headers(fetch.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe(`max ${max.initData}`);
  });

  it('takes a user without a username as one: MAX sends `null` for it', async () => {
    launchInMax({ id: 7, username: null });
    expect(await launch()).toBe('started');
    expect(launchUser()).toEqual({ id: 7 });
  });

  it("ties the router to MAX's back button: a press goes back, and Home hides it", async () => {
    const max = launchInMax({ id: 1 });
    await launch();
    render(
      <MemoryRouter entries={['/', '/discounts']}>
        <ScreenAt
          screens={{
            '/': (
              <Page back={false}>
                <p>Главная</p>
              </Page>
            ),
            '/discounts': (
              <Page>
                <p>Скидки</p>
              </Page>
            ),
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('Скидки')).toBeVisible();
    expect(max.calls.map(([method]) => method)).toEqual(['ready', 'BackButton.onClick', 'BackButton.show']);
    max.calls.length = 0;
    act(() => max.pressBack());
    expect(await screen.findByText('Главная')).toBeVisible();
    expect(max.calls.map(([method]) => method)).toEqual(['BackButton.offClick', 'BackButton.hide']);
  });

  it('buzzes on a phone and not on the web client, which has no haptics', async () => {
    const phone = launchInMax({ id: 1 }, { platform: 'android' });
    await launch();
    vibrateFor('success');
    expect(phone.calls).toContainEqual(['HapticFeedback.notificationOccurred', 'success']);

    const web = launchInMax({ id: 1 }, { platform: 'web' });
    await launch();
    vibrateFor('error');
    expect(web.calls.filter(([method]) => method.startsWith('HapticFeedback'))).toEqual([]);
  });

  it('opens pages in the browser and max.ru links inside MAX', async () => {
    const max = launchInMax({ id: 1 });
    await launch();
    openExternalLink('https://yookassa.ru/checkout/payments/p-1');
    openMessengerLink('https://max.ru/katajsya_bot?startapp=my-coupons');
    openMessengerLink('https://example.org/chat');
    expect(max.calls).toEqual(
      expect.arrayContaining([
        ['openLink', 'https://yookassa.ru/checkout/payments/p-1'],
        ['openMaxLink', 'https://max.ru/katajsya_bot?startapp=my-coupons'],
        ['openLink', 'https://example.org/chat'],
      ]),
    );
  });

  it("downloads through MAX on a phone, and says it cannot on MAX's web client", async () => {
    const phone = launchInMax({ id: 1 }, { platform: 'ios' });
    await launch();
    expect(canDownloadFiles()).toBe(true);
    await downloadFileFrom('/api/files/track.gpx?sig=1', 'track.gpx');
    expect(phone.calls).toContainEqual([
      'downloadFile',
      `${window.location.origin}/api/files/track.gpx?sig=1`,
      'track.gpx',
    ]);

    launchInMax({ id: 1 }, { platform: 'web' });
    await launch();
    expect(canDownloadFiles()).toBe(false);
  });

  it("keeps strings in MAX's DeviceStorage on a phone, in the browser's on the web client", async () => {
    const phone = launchInMax({ id: 1 }, { platform: 'android' });
    await launch();
    await deviceStore().setItem('k', 'v');
    expect(await deviceStore().getItem('k')).toBe('v');
    await deviceStore().setItem('k', null);
    expect(await deviceStore().getItem('k')).toBeNull();
    expect(phone.calls.map(([method]) => method)).toEqual(
      expect.arrayContaining(['DeviceStorage.setItem', 'DeviceStorage.getItem', 'DeviceStorage.removeItem']),
    );
    expect(localStorage.getItem('k')).toBeNull();

    const web = launchInMax({ id: 1 }, { platform: 'web' });
    await launch();
    await deviceStore().setItem('k', 'on the web');
    expect(localStorage.getItem('k')).toBe('on the web');
    expect(web.calls.filter(([method]) => method.startsWith('DeviceStorage'))).toEqual([]);
  });

  it("reads a QR with MAX's camera reader on a phone; a reader closed without one reads nothing", async () => {
    const max = launchInMax({ id: 1 }, { platform: 'ios' });
    await launch();
    const reader = qrReader();
    expect(reader).toBeDefined();
    expect(await reader?.scan('Наведите камеру').result).toBe('qr text');
    expect(max.calls).toContainEqual(['openCodeReader', false]);

    launchInMax(
      { id: 1 },
      { platform: 'android', answers: { codeReader: () => Promise.reject({ error: { code: 'x' } }) } },
    );
    await launch();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await qrReader()?.scan('Наведите камеру').result).toBeUndefined();

    launchInMax({ id: 1 }, { platform: 'desktop' });
    await launch();
    expect(qrReader()).toBeUndefined();
  });

  it("shares the gift's text and the app's link through MAX's chat picker", async () => {
    const max = launchInMax({ id: 1 });
    await launch();
    expect(canShare()).toBe(true);
    const message = {
      preparedId: 'p',
      text: 'Вам подарок',
      appLink: 'https://max.ru/katajsya_bot?startapp=my-coupons',
    };
    expect(await shareMessage(message)).toBe('sent');
    expect(max.calls).toContainEqual(['shareMaxContent', { text: 'Вам подарок', link: message.appLink }]);

    launchInMax({ id: 1 }, { answers: { share: () => Promise.resolve({ status: 'cancelled' }) } });
    await launch();
    expect(await shareMessage(message)).toBe('declined');
  });

  it('has none of what MAX lacks: bottom buttons, payment sheet, popup, location, write access', async () => {
    launchInMax({ id: 1 });
    await launch();
    expect(paymentSheet()).toBeUndefined();
    expect(popup()).toBeUndefined();
    expect(messengerLocation()).toBeUndefined();
    expect(writeAccess()).toBeUndefined();
    const { result } = renderHook(() => useMainButton({ text: 'Купить', onClick: () => {} }));
    expect(result.current).toBe(false);
  });

  it("loads MAX's script on a MAX launch whose page has no bridge, and only then", async () => {
    window.history.replaceState(null, '', `/#${maxLaunchHash({ id: 5 })}`);
    const state = launch();
    await vi.waitFor(() =>
      expect(document.querySelector(`script[src="${MAX_BRIDGE_SCRIPT}"]`)).not.toBeNull(),
    );
    const script = document.querySelector(`script[src="${MAX_BRIDGE_SCRIPT}"]`) as HTMLScriptElement;
    const { webApp, calls } = (await import('@/test/max-launch')).fakeMaxWebApp('from-script', 'ios');
    window.WebApp = webApp;
    script.dispatchEvent(new Event('load'));
    expect(await state).toBe('started');
    expect(calls).toContainEqual(['ready']);
    // The hash's init data is what MAX signed and the server checks.
    expect(launchInitData()).toBe(new URLSearchParams(maxLaunchHash({ id: 5 })).get('WebAppData'));

    launchInTelegram('8.0', 'ios');
    expect(launch()).toBe('started');
    expect(document.querySelectorAll(`script[src="${MAX_BRIDGE_SCRIPT}"]`)).toHaveLength(1);
  });

  it("starts without the bridge when MAX's script cannot be had: the init data is the hash's", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    window.history.replaceState(null, '', `/#${maxLaunchHash({ id: 5, username: 'nobridge' })}`);
    const state = launch();
    await vi.waitFor(() =>
      expect(document.querySelector(`script[src="${MAX_BRIDGE_SCRIPT}"]`)).not.toBeNull(),
    );
    document.querySelector(`script[src="${MAX_BRIDGE_SCRIPT}"]`)?.dispatchEvent(new Event('error'));
    expect(await state).toBe('started');
    expect(launchUser()).toEqual({ id: 5, username: 'nobridge' });
    expect(canShare()).toBe(false);
    expect(qrReader()).toBeUndefined();
    expect(() => vibrateFor('success')).not.toThrow();
  });

  it('keeps the launch for a reload on another screen, and a launch in the address wins', async () => {
    launchInMax({ id: 9 });
    await launch();
    window.history.replaceState(null, '', '/my-coupons');
    expect(await launch()).toBe('started');
    expect(launchAuthScheme()).toBe('max');

    launchInTelegram('8.0', 'ios');
    expect(launch()).toBe('started');
    expect(launchAuthScheme()).toBe('tma');
    expect(messengerName()).toBe('Telegram');
  });

  it('asks to open the app in MAX, not Telegram, when MAX launched it and it could not start', async () => {
    // MAX's parameters in the address, with no init data in them.
    window.history.replaceState(null, '', '/#WebAppData=&WebAppPlatform=ios&WebAppVersion=26.2.8');
    expect(await launch()).toBe('failed');
    render(<OpenInMessenger />);
    expect(screen.getByRole('heading', { name: 'Откройте приложение в MAX' })).toBeVisible();
    expect(
      screen.getByText('Найдите бота сплавного чата в MAX и откройте приложение кнопкой в чате с ним.'),
    ).toBeVisible();
    expect(screen.queryByText(/Telegram/)).toBeNull();
  });
});
