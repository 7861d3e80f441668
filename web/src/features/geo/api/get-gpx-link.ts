import { ZGpxLinkResponse } from '#contract/geo';
import { api } from '@/lib/api';
import { type TrackKey, trackPath } from './get-geo-track';

/** A short-lived signed address of the track's GPX file, which a download can fetch without headers. */
export const getGpxLink = (key: TrackKey, timeZone: string) =>
  api.get(`${trackPath(key)}/gpx-link?${new URLSearchParams({ tz: timeZone })}`, ZGpxLinkResponse);
