import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type TGeoTrack,
  ZDay,
  ZGeoPoint,
  ZGeoTrack,
  ZGeoTracksResponse,
  ZGpxLinkResponse,
} from '#contract/geo';
import { wholeNumber } from '#contract/ids';
import { DomainError } from '../../domain/domain-error.ts';
import { requireRole } from '../users/caller.ts';
import type { GeoService } from './geo.service.ts';
import { gpxFileName, toGpx } from './gpx.ts';
import type { GpxDownloadLinks } from './gpx-download-links.ts';
import type { GeoRefusal } from './texts.ts';

/**
 * An IANA zone name such as Europe/Moscow, in which a "day" of tracks is counted. Offsets like
 * +03:00 are refused: PostgreSQL reads them with the POSIX sign, the opposite of ISO 8601.
 */
const ZTimeZone = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/, 'Часовой пояс: имя вроде Europe/Moscow')
  .default('UTC');

const ZTimeZoneQuery = z.object({ tz: ZTimeZone });
const ZTrackParams = z.object({
  userId: wholeNumber(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)),
  day: ZDay,
});

function sendGpx(reply: FastifyReply, track: TGeoTrack) {
  return reply
    .type('application/gpx+xml; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${gpxFileName(track)}"`)
    .header('Cache-Control', 'private, no-store')
    .send(toGpx(track));
}

/** The geo service: recording is for admins (SPEC §6), and so is looking at what was recorded. */
export const geoRoutes: FastifyPluginAsyncZod<{ geo: GeoService; downloadLinks: GpxDownloadLinks }> = async (
  app,
  { geo, downloadLinks },
) => {
  app.addHook('preValidation', requireRole('admin'));
  // PostgreSQL counts the days, so its own list of zones decides: a name only the browser knows
  // would fail the query, not the request.
  app.addHook('preHandler', async (request) => {
    const { tz } = (request.query ?? {}) as { tz?: string };
    if (tz && !(await geo.isKnownTimeZone(tz))) {
      throw new DomainError<GeoRefusal>('unknown_time_zone');
    }
  });

  app.post('/api/geo/track', { schema: { body: ZGeoPoint } }, async (request, reply) => {
    await geo.recordPoint(request.caller.id, request.body);
    return reply.status(204).send();
  });

  app.get(
    '/api/geo/tracks',
    { schema: { querystring: ZTimeZoneQuery, response: { 200: ZGeoTracksResponse } } },
    async (request) => geo.listTracks(request.query.tz),
  );

  app.get(
    '/api/geo/tracks/:userId/:day',
    { schema: { params: ZTrackParams, querystring: ZTimeZoneQuery, response: { 200: ZGeoTrack } } },
    async (request) => geo.getTrack(request.params.userId, request.params.day, request.query.tz),
  );

  app.get(
    '/api/geo/tracks/:userId/:day/gpx',
    { schema: { params: ZTrackParams, querystring: ZTimeZoneQuery } },
    async (request, reply) =>
      sendGpx(reply, await geo.getTrack(request.params.userId, request.params.day, request.query.tz)),
  );

  app.get(
    '/api/geo/tracks/:userId/:day/gpx-link',
    { schema: { params: ZTrackParams, querystring: ZTimeZoneQuery, response: { 200: ZGpxLinkResponse } } },
    async (request) => {
      const { userId, day } = request.params;
      const track = await geo.getTrack(userId, day, request.query.tz);
      const token = downloadLinks.issue({ userId, day, timeZone: request.query.tz });
      return { url: `/api/geo/gpx?${new URLSearchParams({ token })}`, fileName: gpxFileName(track) };
    },
  );
};

/** The signed GPX download: outside the init-data scope, the token being the proof (gpx-download-links.ts). */
export const gpxDownloadRoutes: FastifyPluginAsyncZod<{
  geo: GeoService;
  downloadLinks: GpxDownloadLinks;
}> = async (app, { geo, downloadLinks }) => {
  app.get(
    '/api/geo/gpx',
    { schema: { querystring: z.object({ token: z.string().max(1000) }) } },
    async (request, reply) => {
      const download = downloadLinks.verify(request.query.token);
      if (!download) throw new DomainError<GeoRefusal>('gpx_link_expired');
      return sendGpx(reply, await geo.getTrack(download.userId, download.day, download.timeZone));
    },
  );
};
