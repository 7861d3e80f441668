import { type Core, manifest } from '../manifest.ts';
import { publicOfferRoutes } from './public-offer.routes.ts';

/** The seller's details the public offer (the legal text a buyer accepts) names. */
export const publicOfferManifest = manifest({
  name: 'public-offer',
  make: ({ config }: Pick<Core, 'config'>) => ({
    openRoutes: (app) => app.register(publicOfferRoutes, { config }),
  }),
});
