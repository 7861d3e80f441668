import { deviceStore as telegramDeviceStore } from '@/telegram/device-storage';
import { ofLaunch } from './messenger-of-launch';

/** Keeps strings on the device, where the messenger has a store of its own, else in the browser's. */
export type DeviceStore = {
  getItem: (key: string) => Promise<string | null>;
  /** `null` removes the key. */
  setItem: (key: string, value: string | null) => Promise<void>;
};

/** The device's store for this launch. */
export const deviceStore = (): DeviceStore =>
  ofLaunch({ telegram: telegramDeviceStore, max: (max) => max.deviceStore })();
