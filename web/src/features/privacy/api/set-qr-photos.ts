import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMyData, TQrPhotosSetting } from '#contract/privacy';
import { api } from '@/lib/api';
import { getMyDataQueryOptions } from './get-my-data';

/** Whether the bot sends each new QR of the caller's as a photo in its chat (204, no body). */
export const setQrPhotos = (setting: TQrPhotosSetting) =>
  api.put<void>('/api/me/qr-photos', { body: setting });

/** Saves the setting; once the server has it, the held data shows it without reading it all again. */
export const useSetQrPhotos = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setQrPhotos,
    onSuccess: (_answer, { enabled }) =>
      queryClient.setQueryData(
        getMyDataQueryOptions().queryKey,
        (data: TMyData | undefined) => data && { ...data, user: { ...data.user, qrPhotosInChat: enabled } },
      ),
  });
};
