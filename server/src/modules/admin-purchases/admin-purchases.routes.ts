import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdminPurchasesQuery,
  ZAdminPurchasesResponse,
  ZRefundResponse,
  ZVoidResponse,
} from '#contract/back-office-purchases';
import { requireRole } from '../users/caller.ts';
import type { PurchaseListService } from './purchase-list.service.ts';
import type { RefundService } from './refunds.service.ts';

const ZPurchaseParams = z.object({ purchasedCouponId: z.uuid('Ожидался номер покупки') });

export const adminPurchasesRoutes: FastifyPluginAsyncZod<{
  purchases: PurchaseListService;
  refunds: RefundService;
}> = async (app, { purchases, refunds }) => {
  app.addHook('preValidation', requireRole('admin'));

  app.get(
    '/api/admin/purchases',
    { schema: { querystring: ZAdminPurchasesQuery, response: { 200: ZAdminPurchasesResponse } } },
    async (request) => purchases.list(request.query),
  );

  app.post(
    '/api/admin/purchases/:purchasedCouponId/refund',
    { schema: { params: ZPurchaseParams, response: { 200: ZRefundResponse } } },
    async (request) => refunds.refund(request.caller.id, request.params.purchasedCouponId),
  );

  app.post(
    '/api/admin/purchases/:purchasedCouponId/void',
    { schema: { params: ZPurchaseParams, response: { 200: ZVoidResponse } } },
    async (request) => {
      await refunds.voidPurchase(request.caller.id, request.params.purchasedCouponId);
      return { status: 'VOID' as const };
    },
  );
};
