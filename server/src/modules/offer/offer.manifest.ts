import { type Core, manifest } from '../manifest.ts';
import { offerRoutes } from './offer.routes.ts';

/** The seller's details the public offer names. */
export const offerManifest = manifest({
  name: 'offer',
  make: ({ config }: Pick<Core, 'config'>) => ({
    openRoutes: (app) => app.register(offerRoutes, { config }),
  }),
});
