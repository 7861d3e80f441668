import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TPhotoDirectoryInput, ZPhotoDirectory } from '#contract/photo';
import { api } from '@/lib/api';
import { photoKeys } from '@/lib/query-keys';

export type SavePhotoDirectory = { id?: number; input: TPhotoDirectoryInput };

/** Adds a photo directory, or edits the one `id` names. */
export const savePhotoDirectory = ({ id, input }: SavePhotoDirectory) =>
  id === undefined
    ? api.post('/api/admin/photo-directories', { body: input, schema: ZPhotoDirectory })
    : api.put(`/api/admin/photo-directories/${id}`, { body: input, schema: ZPhotoDirectory });

export function useSavePhotoDirectory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePhotoDirectory,
    // The admin's list, and the regions and organizers everyone picks from.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: photoKeys.all }),
  });
}
