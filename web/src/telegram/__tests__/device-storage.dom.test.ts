import { afterEach, describe, expect, it } from 'vitest';
import { emitEvent } from '@/test/telegram-launch';
import { deviceStore } from '../device-storage';

type Posted = { type: string; data: { req_id: string; key: string; value?: string | null } };

/** A Telegram client with DeviceStorage: it keeps what it is given and answers as the real one does. */
function launchWithDeviceStorage(version: string, { failing = false } = {}) {
  const kept = new Map<string, string>();
  const posted: Posted[] = [];
  window.history.replaceState(
    null,
    '',
    `/#${new URLSearchParams({
      tgWebAppData: new URLSearchParams({
        auth_date: '1700000000',
        signature: 'sig',
        hash: 'abc',
      }).toString(),
      tgWebAppVersion: version,
      tgWebAppPlatform: 'android',
      tgWebAppThemeParams: JSON.stringify({ bg_color: '#ffffff' }),
    })}`,
  );
  Object.assign(window, {
    TelegramWebviewProxy: {
      postEvent(type: string, json?: string) {
        const data = json ? JSON.parse(json) : undefined;
        posted.push({ type, data });
        if (!type.startsWith('web_app_device_storage_')) return;
        const { req_id, key, value } = data;
        // The client answers a moment later, as a real one does.
        queueMicrotask(() => {
          if (failing) emitEvent('device_storage_failed', { req_id, error: 'UNKNOWN_ERROR' });
          else if (type === 'web_app_device_storage_save_key') {
            if (value === null) kept.delete(key);
            else kept.set(key, value);
            emitEvent('device_storage_key_saved', { req_id });
          } else if (type === 'web_app_device_storage_get_key')
            emitEvent('device_storage_key_received', { req_id, value: kept.get(key) ?? null });
        });
      },
    },
  });
  const storageCalls = () => posted.filter(({ type }) => type.startsWith('web_app_device_storage_'));
  return { kept, storageCalls };
}

describe('the device store', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('keeps values in Telegram’s DeviceStorage when the client has it, not in the webview', async () => {
    const { kept, storageCalls } = launchWithDeviceStorage('9.0');
    const store = deviceStore();

    await store.setItem('katajsya.myQr.42', '{"coupons":[]}');

    expect(kept.get('katajsya.myQr.42')).toBe('{"coupons":[]}');
    expect(localStorage.getItem('katajsya.myQr.42')).toBeNull();
    expect(await store.getItem('katajsya.myQr.42')).toBe('{"coupons":[]}');
    expect(await store.getItem('katajsya.other')).toBeNull();
    expect(storageCalls().map(({ type }) => type)).toEqual([
      'web_app_device_storage_save_key',
      'web_app_device_storage_get_key',
      'web_app_device_storage_get_key',
    ]);

    await store.setItem('katajsya.myQr.42', null);
    expect(kept.has('katajsya.myQr.42')).toBe(false);
  });

  it('says why when the client could not do it', async () => {
    launchWithDeviceStorage('9.0', { failing: true });

    await expect(deviceStore().getItem('katajsya.myQr.42')).rejects.toThrow(
      'Telegram could not read katajsya.myQr.42 from the device: UNKNOWN_ERROR',
    );
  });

  it('falls back to the browser’s storage on a client older than Mini Apps 9.0', async () => {
    const { storageCalls } = launchWithDeviceStorage('8.0');
    const store = deviceStore();

    await store.setItem('katajsya.myQr.42', '{"coupons":[]}');

    expect(localStorage.getItem('katajsya.myQr.42')).toBe('{"coupons":[]}');
    expect(await store.getItem('katajsya.myQr.42')).toBe('{"coupons":[]}');
    expect(storageCalls()).toEqual([]);
  });
});
