import { type Core, manifest } from '../manifest.ts';
import { metricsRoutes } from './metrics.routes.ts';
import { createMetrics } from './metrics.ts';
import { metricsRefusals } from './texts.ts';

/** The Prometheus page and what it counts, only with METRICS_TOKEN to scrape it: without one, nothing is counted. */
export const metricsManifest = manifest({
  name: 'metrics',
  refusals: metricsRefusals,
  make: ({
    config,
    database,
    botApi,
    sweepClock,
    telegramReachability,
  }: Pick<Core, 'config' | 'database' | 'botApi' | 'sweepClock' | 'telegramReachability'>) => {
    const token = config.metricsToken;
    const metrics = token
      ? createMetrics({ database, sweeps: sweepClock, telegram: telegramReachability })
      : undefined;
    if (botApi) metrics?.observeBotApi(botApi);
    return {
      gives: { metrics },
      openRoutes:
        metrics && token
          ? async (app) => {
              // On the root, so every request counts: a hook there reaches routes registered before it too.
              metrics.observeRequests(app);
              await app.register(metricsRoutes, { metrics, token });
            }
          : undefined,
    };
  },
});
