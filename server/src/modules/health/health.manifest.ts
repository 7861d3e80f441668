import { type Core, manifest } from '../manifest.ts';
import { healthRoutes } from './health.routes.ts';

/** Readiness and liveness, for a load balancer and a process manager. */
export const healthManifest = manifest({
  name: 'health',
  make: ({ database }: Pick<Core, 'database'>) => ({
    openRoutes: (app) => app.register(healthRoutes, { database }),
  }),
});
