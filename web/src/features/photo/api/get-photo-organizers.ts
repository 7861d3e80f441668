import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPhotoOrganizersResponse } from '#contract/photo';
import { api } from '@/lib/api';
import { photoKeys } from '@/lib/query-keys';
import { toSelectNames } from '@/lib/select-lists';

export const getPhotoOrganizers = async (region: string, month: number) =>
  toSelectNames(
    await api.get(`/api/directory/partners/${encodeURIComponent(region)}/${month}`, ZPhotoOrganizersResponse),
  );

export const getPhotoOrganizersQueryOptions = (region: string, month: number) =>
  queryOptions({
    queryKey: photoKeys.organizers(region, month),
    queryFn: () => getPhotoOrganizers(region, month),
  });

/** The organizers of a region and month; nothing is asked until both are chosen. */
export const usePhotoOrganizers = (region: string, month: number | null) =>
  useQuery({
    ...getPhotoOrganizersQueryOptions(region, month ?? 0),
    enabled: region !== '' && month !== null,
  });
