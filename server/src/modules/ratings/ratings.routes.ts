import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOkResponse } from '#contract/coupons';
import { ZDbId } from '#contract/ids';
import { sendJsonText } from '../../http/json-text.ts';
import { requireRole } from '../users/caller.ts';
import type { RatingService } from './ratings.service.ts';

/** The admin's moderation of visit comments; rating itself happens in the bot (telegram/bot.ts). */
export const ratingsRoutes: FastifyPluginAsyncZod<{ ratings: RatingService }> = async (app, { ratings }) => {
  app.post(
    '/api/admin/ratings/:ratingId/hide-comment',
    {
      preValidation: requireRole('admin'),
      schema: { params: z.object({ ratingId: ZDbId }), response: { 200: ZOkResponse } },
    },
    async (request, reply) => {
      await ratings.hideComment(request.caller.id, request.params.ratingId);
      return sendJsonText(reply, 'ok');
    },
  );
};
