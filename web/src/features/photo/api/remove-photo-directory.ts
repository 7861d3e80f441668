import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const removePhotoDirectory = (id: number) => api.delete(`/api/admin/photo-directories/${id}`);

export function useRemovePhotoDirectory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePhotoDirectory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['photo'] }),
  });
}
