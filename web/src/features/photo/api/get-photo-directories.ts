import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPhotoDirectoriesResponse } from '#contract/photo';
import { api } from '@/lib/api';
import { photoKeys } from '@/lib/query-keys';

export const getPhotoDirectories = () => api.get('/api/admin/photo-directories', ZPhotoDirectoriesResponse);

export const getPhotoDirectoriesQueryOptions = () =>
  queryOptions({ queryKey: photoKeys.adminDirectories, queryFn: getPhotoDirectories });

export const usePhotoDirectories = () => useQuery(getPhotoDirectoriesQueryOptions());
