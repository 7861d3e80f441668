import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TGeoTrack, TGeoTrackSummary, ZGeoPoint } from '#contract/geo';
import type { Db } from '../../db/client.ts';
import { geoPoints, users } from '../../db/schema.ts';
import { DomainError } from '../../domain/domain-error.ts';
import type { GeoRefusal } from './texts.ts';

type GeoPointInput = z.output<typeof ZGeoPoint>;

/** Points of the geo service (SPEC §4 Geo tracking) and the tracks an admin looks back at. */
export function createGeoService(db: Db) {
  async function recordPoint(userId: number, point: GeoPointInput): Promise<void> {
    await db.insert(geoPoints).values({
      userId,
      lat: point.lat,
      lon: point.lon,
      accuracy: point.accuracy,
      ts: new Date(point.ts),
      type: point.geoPointType,
    });
  }

  /** One row per user and calendar day in `timeZone`, newest day first. */
  async function listTracks(timeZone: string): Promise<TGeoTrackSummary[]> {
    // The day is computed once in a subquery: grouping by the same expression twice would bind the
    // time zone as two parameters, which PostgreSQL does not see as one expression.
    const localized = db
      .select({
        userId: geoPoints.userId,
        ts: geoPoints.ts,
        day: sql<string>`to_char(${geoPoints.ts} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`.as('day'),
      })
      .from(geoPoints)
      .as('localized');
    const startedAt = sql`min(${localized.ts})`.mapWith(geoPoints.ts);
    const rows = await db
      .select({
        userId: localized.userId,
        username: users.username,
        firstName: users.firstName,
        day: localized.day,
        points: sql<number>`count(*)::int`,
        startedAt,
        endedAt: sql`max(${localized.ts})`.mapWith(geoPoints.ts),
      })
      .from(localized)
      .innerJoin(users, eq(users.id, localized.userId))
      .groupBy(localized.userId, users.username, users.firstName, localized.day)
      .orderBy(desc(localized.day), desc(startedAt));
    return rows.map((row) => ({
      ...row,
      startedAt: row.startedAt.toISOString(),
      endedAt: row.endedAt.toISOString(),
    }));
  }

  /** Every point of one user on one calendar day in `timeZone`, in time order. */
  async function getTrack(userId: number, day: string, timeZone: string): Promise<TGeoTrack> {
    const [user] = await db
      .select({ username: users.username, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, userId));
    const points = await db
      .select({
        lat: geoPoints.lat,
        lon: geoPoints.lon,
        accuracy: geoPoints.accuracy,
        ts: geoPoints.ts,
        type: geoPoints.type,
      })
      .from(geoPoints)
      .where(
        and(
          eq(geoPoints.userId, userId),
          gte(geoPoints.ts, sql`${day}::date::timestamp AT TIME ZONE ${timeZone}`),
          lt(geoPoints.ts, sql`(${day}::date + 1)::timestamp AT TIME ZONE ${timeZone}`),
        ),
      )
      .orderBy(asc(geoPoints.ts), asc(geoPoints.id));
    if (!user || points.length === 0) throw new DomainError<GeoRefusal>('track_not_found');
    return {
      userId,
      username: user.username,
      firstName: user.firstName,
      day,
      points: points.map((point) => ({ ...point, ts: point.ts.toISOString() })),
    };
  }

  let timeZones: Promise<Set<string>> | undefined;
  /** Whether PostgreSQL knows the zone; its list is read once, when first asked. */
  async function isKnownTimeZone(name: string): Promise<boolean> {
    // Both drivers (node-postgres, PGlite) answer a raw query with `{ rows }`.
    timeZones ??= db
      .execute(sql`SELECT name FROM pg_timezone_names`)
      .then((result) => new Set((result as { rows: { name: string }[] }).rows.map((row) => row.name)));
    return (await timeZones).has(name);
  }

  return { recordPoint, listTracks, getTrack, isKnownTimeZone };
}

export type GeoService = ReturnType<typeof createGeoService>;
