import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHealthResponse } from '#contract/session';
import type { Database } from '../../db/client.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: ZHealthResponse, 503: ZHealthResponse } } },
    async (request, reply) => {
      try {
        await database.ping();
        return { ok: true, db: 'up' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database does not answer');
        return reply.status(503).send({ ok: false, db: 'down' as const });
      }
    },
  );
};
