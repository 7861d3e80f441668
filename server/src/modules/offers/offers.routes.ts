import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOkResponse } from '#contract/coupons';
import { dayIn } from '#contract/date-time';
import { ZDbId } from '#contract/ids';
import { offerChangeOn, ZAdminOffer } from '#contract/offers';
import { sendJsonText } from '../../http/json-text.ts';
import { requireRole } from '../users/caller.ts';
import type { OfferService } from './offers.service.ts';

// API.md's path names the offer `couponId`; past the door it is the offer's id.
const ZOfferParams = z.object({ couponId: ZDbId });

export const offersRoutes: FastifyPluginAsyncZod<{ offers: OfferService; timeZone: string }> = async (
  app,
  { offers, timeZone },
) => {
  // The day buyers' catalogue goes by (on-sale.ts): a last day before it is refused.
  const ZOfferChange = offerChangeOn(() => dayIn(timeZone, new Date()));

  for (const [action, withdrawn] of [
    ['withdraw', true],
    ['reopen', false],
  ] as const) {
    app.post(
      `/api/admin/coupons/:couponId/${action}`,
      {
        preValidation: requireRole('admin'),
        schema: { params: ZOfferParams, response: { 200: ZOkResponse } },
      },
      async (request, reply) => {
        await offers.setWithdrawn(request.params.couponId, withdrawn, request.caller.id);
        return sendJsonText(reply, 'ok');
      },
    );
  }

  app.put(
    '/api/admin/coupons/:couponId',
    {
      preValidation: requireRole('admin'),
      schema: { params: ZOfferParams, body: ZOfferChange, response: { 200: ZAdminOffer } },
    },
    async (request) => offers.changeOffer(request.params.couponId, request.body, request.caller.id),
  );
};
