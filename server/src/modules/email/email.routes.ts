import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmailGiven, ZEmailState } from '#contract/email';
import { RATE_LIMITS } from '../../http/rate-limits.ts';
import type { EmailAddresses } from './addresses.service.ts';

/** The caller's address for the bot's messages: where it stands, giving it, its confirming link again. */
export const emailRoutes: FastifyPluginAsyncZod<{ addresses: EmailAddresses }> = async (
  app,
  { addresses },
) => {
  app.get('/api/me/email', { schema: { response: { 200: ZEmailState } } }, async (request) =>
    addresses.stateOf(request.caller.id),
  );

  app.put(
    '/api/me/email',
    {
      config: { rateLimit: RATE_LIMITS.confirmationMail },
      schema: { body: ZEmailGiven, response: { 200: ZEmailState } },
    },
    async (request) => addresses.give(request.caller.id, request.body.email),
  );

  app.post(
    '/api/me/email/confirmation',
    { config: { rateLimit: RATE_LIMITS.confirmationMail }, schema: { response: { 200: ZEmailState } } },
    async (request) => addresses.confirmAgain(request.caller.id),
  );
};
