import { type Core, manifest } from '../manifest.ts';
import { ratingHandlers } from './ratings.inbound.ts';
import { ratingsRoutes } from './ratings.routes.ts';
import { createRatingService } from './ratings.service.ts';
import { ratingRefusals } from './texts.ts';

/** Visits rated in the bot (ADR 17), the partners' averages, and an admin hiding a comment. */
export const ratingsManifest = manifest({
  name: 'ratings',
  refusals: ratingRefusals,
  make: ({ db }: Pick<Core, 'db'>) => {
    const ratings = createRatingService(db);
    return {
      gives: { ratings },
      routes: (api) => api.register(ratingsRoutes, { ratings }),
      inbound: ratingHandlers(ratings),
    };
  },
});
