import type { DeviceStore } from '@/messenger/device-storage';
import { request, requestId } from './bridge';
import { supports } from './protocol';

/**
 * A client that never answers is not waited for long: what is stored here is shown when the network
 * is gone, which is exactly when the user is waiting.
 */
const ANSWER_TIMEOUT_MS = 3000;

const clientHasDeviceStorage = () => supports('web_app_device_storage_get_key');

/**
 * Telegram's DeviceStorage (Bot API 9.0), where the client has it. Telegram keeps it per bot and per account, out of the webview's reach: a client that
 * clears the webview's data (some Android ones do on every close) keeps it.
 */
const telegramStore: DeviceStore = {
  async getItem(key) {
    const reqId = requestId();
    const answer = await request(
      'web_app_device_storage_get_key',
      { req_id: reqId, key },
      ['device_storage_key_received', 'device_storage_failed'],
      { capture: ({ payload }) => payload?.req_id === reqId, timeoutMs: ANSWER_TIMEOUT_MS },
    );
    if (answer.event === 'device_storage_key_received') return answer.payload.value ?? null;
    throw new Error(
      `Telegram could not read ${key} from the device: ${answer.payload.error ?? 'no reason given'}`,
    );
  },
  async setItem(key, value) {
    const reqId = requestId();
    const answer = await request(
      'web_app_device_storage_save_key',
      { req_id: reqId, key, value },
      ['device_storage_key_saved', 'device_storage_failed'],
      { capture: ({ payload }) => payload?.req_id === reqId, timeoutMs: ANSWER_TIMEOUT_MS },
    );
    if (answer.event === 'device_storage_failed')
      throw new Error(
        `Telegram could not save ${key} on the device: ${answer.payload.error ?? 'no reason given'}`,
      );
  },
};

const browserStore: DeviceStore = {
  getItem: async (key) => localStorage.getItem(key),
  async setItem(key, value) {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  },
};

/** The device's store for this launch: Telegram's when the client has one, else the browser's. */
export const deviceStore = (): DeviceStore => (clientHasDeviceStorage() ? telegramStore : browserStore);
