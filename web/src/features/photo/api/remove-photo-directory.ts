import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { photoKeys } from '@/lib/query-keys';

export const removePhotoDirectory = (id: number) => api.delete(`/api/admin/photo-directories/${id}`);

export function useRemovePhotoDirectory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePhotoDirectory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: photoKeys.all }),
  });
}
