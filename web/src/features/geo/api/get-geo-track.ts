import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZGeoTrack } from '#contract/geo';
import { useClock } from '@/hooks/use-clock';
import { api } from '@/lib/api';
import { geoKeys } from '@/lib/query-keys';

export type TrackKey = { userId: number; day: string };

export const trackPath = ({ userId, day }: TrackKey) => `/api/geo/tracks/${userId}/${day}`;

export const getGeoTrack = (key: TrackKey, timeZone: string) =>
  api.get(`${trackPath(key)}?${new URLSearchParams({ tz: timeZone })}`, ZGeoTrack);

export const getGeoTrackQueryOptions = (key: TrackKey, timeZone: string) =>
  queryOptions({
    queryKey: geoKeys.track(key.userId, key.day, timeZone),
    queryFn: () => getGeoTrack(key, timeZone),
  });

export const useGeoTrack = (key: TrackKey) => useQuery(getGeoTrackQueryOptions(key, useClock().timeZone));
