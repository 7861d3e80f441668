import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type TPublicOfferResponse, ZPublicOfferResponse } from '#contract/public-offer';
import type { Config } from '../../config.ts';

/**
 * The seller's details for the public offer. Public like the offer itself: anyone may read whom
 * they would be buying from before opening the app.
 */
export const publicOfferRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const offer: TPublicOfferResponse = { operator: config.operator, siteUrl: config.publicUrl ?? null };
  app.get('/api/offer', { schema: { response: { 200: ZPublicOfferResponse } } }, async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=300').send(offer),
  );
};
