import { type Core, manifest } from '../manifest.ts';
import type { PartnerAccess } from '../partners/partner-access.ts';
import type { RatingService } from '../ratings/ratings.service.ts';
import type { UserService } from '../users/users.service.ts';
import { createReportQueue } from './report-queue.ts';
import { createReportScope } from './report-scope.ts';
import { exportFileRoutes, reportsRoutes } from './reports.routes.ts';
import { createReportService } from './reports.service.ts';
import { reportRefusals } from './texts.ts';

/** The partners' and the admins' reports, the audit log, and their CSV exports. */
export const reportsManifest = manifest({
  name: 'reports',
  refusals: reportRefusals,
  make: ({
    db,
    database,
    timeZone,
    botToken,
    messengers,
    users,
    ratings,
    access,
  }: Pick<Core, 'db' | 'database' | 'timeZone' | 'botToken' | 'messengers'> & {
    users: UserService;
    ratings: RatingService;
    access: PartnerAccess;
  }) => {
    const reports = createReportService(db, timeZone, ratings.ratingsOf);
    const deps = {
      reports,
      scope: createReportScope(reports, access),
      users,
      timeZone,
      botToken,
      db,
      messengers,
      queue: createReportQueue(database.kind),
    };
    return {
      // The CSV's download comes through a signed link, without init data.
      openRoutes: (app) => app.register(exportFileRoutes, deps),
      routes: (api) => api.register(reportsRoutes, deps),
    };
  },
});
