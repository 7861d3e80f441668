import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDbId } from '#contract/ids';
import { ZUndeliveredResponse } from '#contract/notifications';
import { requireRole } from '../users/caller.ts';
import type { UndeliveredMessages } from './undelivered.service.ts';

/** Admins: the bot messages given up, and «Отправить снова». */
export const undeliveredRoutes: FastifyPluginAsyncZod<{ undelivered: UndeliveredMessages }> = async (
  app,
  { undelivered },
) => {
  app.get(
    '/api/admin/notifications/undelivered',
    { preValidation: requireRole('admin'), schema: { response: { 200: ZUndeliveredResponse } } },
    async () => undelivered.list(),
  );

  app.post(
    '/api/admin/notifications/:id/resend',
    { preValidation: requireRole('admin'), schema: { params: z.object({ id: ZDbId }) } },
    async (request, reply) => {
      await undelivered.resend(request.params.id, request.caller.id);
      return reply.status(204).send();
    },
  );
};
