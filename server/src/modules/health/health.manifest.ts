import { type Core, manifest } from '../manifest.ts';
import { healthRoutes } from './health.routes.ts';

/** Readiness and liveness, for a load balancer and a process manager; readiness tells Telegram's reach too. */
export const healthManifest = manifest({
  name: 'health',
  make: ({ database, telegramReachability }: Pick<Core, 'database' | 'telegramReachability'>) => ({
    openRoutes: (app) => app.register(healthRoutes, { database, telegram: telegramReachability }),
  }),
});
