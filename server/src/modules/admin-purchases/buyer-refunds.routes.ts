import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZRefundResponse } from '#contract/back-office-purchases';
import { RATE_LIMITS } from '../../http/rate-limits.ts';
import type { RefundService } from './refunds.service.ts';

const ZPurchaseParams = z.object({ purchasedCouponId: z.uuid('Ожидался номер купона') });

/** The buyer's own «Вернуть деньги» in My QR; who may is the refund service's rule, not a role. */
export const buyerRefundsRoutes: FastifyPluginAsyncZod<{
  refunds: Pick<RefundService, 'refundForBuyer'>;
}> = async (app, { refunds }) => {
  app.post(
    '/api/me/coupons/:purchasedCouponId/refund',
    {
      config: { rateLimit: RATE_LIMITS.buyerRefund },
      schema: { params: ZPurchaseParams, response: { 200: ZRefundResponse } },
    },
    async (request) => refunds.refundForBuyer(request.caller.id, request.params.purchasedCouponId),
  );
};
