import { afterEach, describe, expect, it } from 'vitest';
import { launchWithDeviceStorage } from '@/test/telegram-launch';
import { deviceStore } from '../device-storage';

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
