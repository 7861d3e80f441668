import { z } from 'zod';

export const GEO_POINT_TYPES = ['START', 'PART', 'END'] as const;
export type TGeoPointType = (typeof GEO_POINT_TYPES)[number];

/** SPEC §3 Geo point, the body of POST /api/geo/track. */
// Points and days before the service existed are typos (a year 0000 would even fail in PostgreSQL).
const EARLIEST = Date.UTC(2000, 0, 1);
/** A phone's clock may run ahead a little; a point dated further ahead is a broken clock. */
const LATEST_AHEAD_MS = 24 * 60 * 60 * 1000;
/**
 * Coarse network positions are kilometres off; anything beyond this is not a position at all.
 * A position of unknown accuracy (Telegram may not say) is sent with this one.
 */
export const MAX_ACCURACY_M = 100_000;

export const ZGeoPoint = z.object({
  /** The sender's own username; the point is stored under the caller whatever it says. */
  username: z.string().nullish(),
  lat: z
    .number({ message: 'Широта: число' })
    .min(-90, 'Широта: от -90 до 90')
    .max(90, 'Широта: от -90 до 90'),
  lon: z
    .number({ message: 'Долгота: число' })
    .min(-180, 'Долгота: от -180 до 180')
    .max(180, 'Долгота: от -180 до 180'),
  accuracy: z
    .number({ message: 'Точность: число метров' })
    .min(0, 'Точность не может быть меньше нуля')
    .max(MAX_ACCURACY_M, 'Точность: не больше 100 км'),
  ts: z.iso
    .datetime({ offset: true, message: 'Время: ISO 8601, например 2026-07-01T10:00:00Z' })
    .refine((ts) => Date.parse(ts) >= EARLIEST, 'Время: не раньше 2000 года')
    .refine((ts) => Date.parse(ts) <= Date.now() + LATEST_AHEAD_MS, 'Время: не позже завтрашнего дня'),
  geoPointType: z.enum(GEO_POINT_TYPES, { message: 'Тип точки: START, PART или END' }),
});
export type TGeoPoint = z.input<typeof ZGeoPoint>;

/** A calendar day, YYYY-MM-DD. */
export const ZDay = z.iso
  .date({ message: 'День: ГГГГ-ММ-ДД' })
  .refine((day) => Date.parse(day) >= EARLIEST, 'День: не раньше 2000 года');

/** One user's points of one day (in the time zone the admin asked in). */
export const ZGeoTrackSummary = z.object({
  userId: z.number().int(),
  username: z.string().nullable(),
  firstName: z.string(),
  day: z.string(),
  points: z.number().int(),
  startedAt: z.string(),
  endedAt: z.string(),
});
export type TGeoTrackSummary = z.infer<typeof ZGeoTrackSummary>;
export const ZGeoTracksResponse = z.array(ZGeoTrackSummary);

export const ZTrackPoint = z.object({
  lat: z.number(),
  lon: z.number(),
  accuracy: z.number(),
  ts: z.string(),
  type: z.enum(GEO_POINT_TYPES),
});
export type TTrackPoint = z.infer<typeof ZTrackPoint>;

export const ZGeoTrack = ZGeoTrackSummary.omit({ points: true, startedAt: true, endedAt: true }).extend({
  points: z.array(ZTrackPoint),
});
export type TGeoTrack = z.infer<typeof ZGeoTrack>;

/** A short-lived address of a track's GPX file, for downloads that cannot carry our headers. */
export const ZGpxLinkResponse = z.object({ url: z.string(), fileName: z.string() });
export type TGpxLinkResponse = z.infer<typeof ZGpxLinkResponse>;
