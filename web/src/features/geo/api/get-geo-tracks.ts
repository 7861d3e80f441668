import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZGeoTracksResponse } from '#contract/geo';
import { useClock } from '@/hooks/use-clock';
import { api } from '@/lib/api';
import { geoKeys } from '@/lib/query-keys';

export const getGeoTracks = (timeZone: string) =>
  api.get(`/api/geo/tracks?${new URLSearchParams({ tz: timeZone })}`, ZGeoTracksResponse);

export const getGeoTracksQueryOptions = (timeZone: string) =>
  queryOptions({ queryKey: geoKeys.tracks(timeZone), queryFn: () => getGeoTracks(timeZone) });

/** Days are cut on the product's one clock, as every other date the admin reads. */
export const useGeoTracks = () => useQuery(getGeoTracksQueryOptions(useClock().timeZone));
