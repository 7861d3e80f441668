import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZLinkStart, ZMyMessengers } from '#contract/linking';
import { MESSENGERS } from '#contract/messengers';
import { RATE_LIMITS } from '../../http/rate-limits.ts';
import type { LinkingService } from './linking.service.ts';

const ZMessengerParams = z.object({ messenger: z.enum(MESSENGERS) });

/** «Мои данные»'s messengers: the caller's accounts, a code to link another, an account unlinked. */
export const linkingRoutes: FastifyPluginAsyncZod<{ linking: LinkingService }> = async (app, { linking }) => {
  app.get('/api/me/messengers', { schema: { response: { 200: ZMyMessengers } } }, (request) =>
    linking.accountsOf(request.caller.id, request.caller.messenger),
  );

  app.post(
    '/api/me/messengers/:messenger/link',
    {
      config: { rateLimit: RATE_LIMITS.linkCode },
      schema: { params: ZMessengerParams, response: { 200: ZLinkStart } },
    },
    (request) => linking.startLinking(request.caller.id, request.caller.messenger, request.params.messenger),
  );

  app.delete(
    '/api/me/messengers/:messenger',
    { schema: { params: ZMessengerParams, response: { 200: ZMyMessengers } } },
    (request) => linking.unlink(request.caller.id, request.caller.messenger, request.params.messenger),
  );
};
