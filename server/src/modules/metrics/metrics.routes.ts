import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { DomainError } from '../../domain/domain-error.ts';
import type { Metrics } from './metrics.ts';
import type { MetricsRefusal } from './texts.ts';

/** Equal lengths for timingSafeEqual, whatever the caller sent. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /api/metrics in Prometheus' text format, to a scraper that sends METRICS_TOKEN as a bearer
 * token. Not under the init-data tree: Prometheus is no Telegram user.
 */
export const metricsRoutes: FastifyPluginAsync<{ metrics: Metrics; token: string }> = async (
  app,
  { metrics, token },
) => {
  const expected = digest(`Bearer ${token}`);
  app.get('/api/metrics', { config: { logOnlyFailures: true } }, async (request, reply) => {
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected))
      throw new DomainError<MetricsRefusal>('metrics_token_invalid');
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
};
