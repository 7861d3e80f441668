import { type Core, manifest } from '../manifest.ts';
import { metricsRoutes } from './metrics.routes.ts';
import { metricsRefusals } from './texts.ts';

/** The Prometheus page, only with METRICS_TOKEN (app.ts makes the metrics: they watch every request). */
export const metricsManifest = manifest({
  name: 'metrics',
  refusals: metricsRefusals,
  make: ({ config, metrics }: Pick<Core, 'config' | 'metrics'>) => {
    const token = config.metricsToken;
    return {
      openRoutes: metrics && token ? (app) => app.register(metricsRoutes, { metrics, token }) : undefined,
    };
  },
});
