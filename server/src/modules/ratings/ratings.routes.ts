import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOkResponse } from '#contract/coupons';
import { ZDbId } from '#contract/ids';
import { ZMyVisitRating, ZRateVisitRequest, ZVisitRating } from '#contract/ratings';
import { sendJsonText } from '../../http/json-text.ts';
import { requireRole } from '../users/caller.ts';
import type { RatingService } from './ratings.service.ts';

const ZCouponParams = z.object({ purchasedCouponId: z.uuid() });

/**
 * A buyer's rating of a visit from My QR (the same record the bot's buttons write), and the admin's
 * moderation of comments.
 */
export const ratingsRoutes: FastifyPluginAsyncZod<{ ratings: RatingService }> = async (app, { ratings }) => {
  app.get(
    '/api/me/ratings/:purchasedCouponId',
    { schema: { params: ZCouponParams, response: { 200: ZMyVisitRating } } },
    async (request) => ratings.myRating(request.caller.id, request.params.purchasedCouponId),
  );

  app.put(
    '/api/me/ratings/:purchasedCouponId',
    { schema: { params: ZCouponParams, body: ZRateVisitRequest, response: { 200: ZVisitRating } } },
    async (request) => ratings.rateInApp(request.caller.id, request.params.purchasedCouponId, request.body),
  );

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
