import type { TQrPhotosSetting } from '#contract/privacy';
import { api } from '@/lib/api';
import { useMyDataSwitch } from './set-my-data-switch';

/** Whether the bot sends each new QR of the caller's as a photo in its chat (204, no body). */
export const setQrPhotos = (setting: TQrPhotosSetting) =>
  api.put<void>('/api/me/qr-photos', { body: setting });

export const useSetQrPhotos = () =>
  useMyDataSwitch(setQrPhotos, (user, { enabled }) => ({ ...user, qrPhotosInChat: enabled }));
