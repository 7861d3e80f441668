import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPhotoDirectoriesResponse } from '#contract/photo';
import { api } from '@/lib/api';

export const getPhotoDirectories = () => api.get('/api/admin/photo-directories', ZPhotoDirectoriesResponse);

export const getPhotoDirectoriesQueryOptions = () =>
  queryOptions({ queryKey: ['photo', 'admin-directories'], queryFn: getPhotoDirectories });

export const usePhotoDirectories = () => useQuery(getPhotoDirectoriesQueryOptions());
