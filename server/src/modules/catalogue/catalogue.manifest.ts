import { type Core, manifest } from '../manifest.ts';
import type { RatingService } from '../ratings/ratings.service.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { createCatalogueService } from './catalogue.service.ts';

/** The buyer's catalogue: partners and the coupons on sale. */
export const catalogueManifest = manifest({
  name: 'catalogue',
  make: async ({
    database,
    timeZone,
    ratings,
  }: Pick<Core, 'database' | 'timeZone'> & { ratings: RatingService }) => {
    const catalogue = await createCatalogueService(database, timeZone, ratings.ratingsOf);
    return { routes: (api) => api.register(catalogueRoutes, { catalogue }) };
  },
});
