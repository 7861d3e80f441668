import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '#contract/errors';
import { DomainError } from '../../domain/domain-error.ts';
import type { MaxUpdate, MaxUpdates } from '../../max/max-updates.ts';

/** Where MAX posts the bot's updates (POST /subscriptions names it with PUBLIC_URL). */
export const MAX_WEBHOOK_PATH = '/api/max/webhook';

const digest = (value: string) => createHash('sha256').update(value).digest();

const ZMaxUpdate = z.looseObject({ update_type: z.string().min(1) });

/**
 * MAX's webhook: no init data and no CSRF token; the secret MAX sends in X-Max-Bot-Api-Secret is
 * its proof (compared in constant time, before the body is read). Every update past it is answered
 * 200, its failure logged: MAX counts any other answer as undelivered and sends it again for hours.
 */
export const maxWebhookRoutes: FastifyPluginAsyncZod<{
  secret: string;
  /** The bot's updates, once the app's inbound is made. */
  updates: () => MaxUpdates | undefined;
}> = async (app, { secret, updates }) => {
  const expected = digest(secret);
  const requireSecret = async (request: FastifyRequest) => {
    const given = request.headers['x-max-bot-api-secret'];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
      throw new DomainError(ErrorCode.webhookSecretInvalid);
    }
  };
  app.post(
    MAX_WEBHOOK_PATH,
    { config: { csrf: false }, onRequest: requireSecret, schema: { body: ZMaxUpdate } },
    async (request, reply) => {
      await updates()?.handle(request.body as MaxUpdate);
      return reply.status(200).send({ success: true });
    },
  );
};
