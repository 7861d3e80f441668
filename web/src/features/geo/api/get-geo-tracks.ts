import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZGeoTracksResponse } from '#contract/geo';
import { api } from '@/lib/api';

/** Days are counted in the admin's own time zone, as the phone knows it. */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const getGeoTracks = (timeZone: string) =>
  api.get(`/api/geo/tracks?${new URLSearchParams({ tz: timeZone })}`, ZGeoTracksResponse);

export const getGeoTracksQueryOptions = (timeZone = localTimeZone()) =>
  queryOptions({ queryKey: ['geo', 'tracks', timeZone], queryFn: () => getGeoTracks(timeZone) });

export const useGeoTracks = () => useQuery(getGeoTracksQueryOptions());
