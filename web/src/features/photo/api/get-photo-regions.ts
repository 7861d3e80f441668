import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPhotoRegionsResponse } from '#contract/photo';
import { api } from '@/lib/api';
import { photoKeys } from '@/lib/query-keys';
import { toSelectNames } from '@/lib/select-lists';

/** SPEC §4: a connection page asks again every 5 s until its data arrives. */
const PHOTO_REGIONS_RETRY_MS = 5000;

/** SPEC §5: the photo screen counts as loaded once there is at least one region. */
export const arePhotoRegionsLoaded = (regions: readonly string[] | undefined): regions is string[] =>
  (regions?.length ?? 0) >= 1;

export const getPhotoRegions = async () =>
  toSelectNames(await api.get('/api/directory/regions', ZPhotoRegionsResponse));

export const getPhotoRegionsQueryOptions = () =>
  queryOptions({
    queryKey: photoKeys.regions,
    queryFn: getPhotoRegions,
    // The 5 s rhythm is the retry; the client's own quicker retries would only crowd it.
    retry: false,
    refetchInterval: (query) => (arePhotoRegionsLoaded(query.state.data) ? false : PHOTO_REGIONS_RETRY_MS),
  });

export const usePhotoRegions = () => useQuery(getPhotoRegionsQueryOptions());
