import { type Core, manifest } from '../manifest.ts';
import { geoRoutes, gpxDownloadRoutes } from './geo.routes.ts';
import { createGeoService } from './geo.service.ts';
import { createGpxDownloadLinks } from './gpx-download-links.ts';
import { geoRefusals } from './texts.ts';

/** Live geo-tracking: points sent, tracks for admins, and their GPX through a signed link. */
export const geoManifest = manifest({
  name: 'geo',
  refusals: geoRefusals,
  make: ({ db, botToken }: Pick<Core, 'db' | 'botToken'>) => {
    const geo = createGeoService(db);
    const downloadLinks = createGpxDownloadLinks(botToken);
    return {
      // Telegram's downloader sends no init data: the GPX link is signed instead.
      openRoutes: (app) => app.register(gpxDownloadRoutes, { geo, downloadLinks }),
      routes: (api) => api.register(geoRoutes, { geo, downloadLinks }),
    };
  },
});
