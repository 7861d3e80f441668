import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdminPurchasesQuery,
  ZAdminPurchasesResponse,
  ZRefundResponse,
  ZUnsoldRefundSettled,
  ZUnsoldRefundsResponse,
  ZVoidResponse,
} from '#contract/back-office-purchases';
import { requireRole } from '../users/caller.ts';
import type { PurchaseListService } from './purchase-list.service.ts';
import type { RefundService } from './refunds.service.ts';
import type { UnsoldRefunds } from './unsold-refunds.service.ts';

const ZPurchaseParams = z.object({ purchasedCouponId: z.uuid('Ожидался номер покупки') });
const ZUnsoldRefundParams = z.object({ refundId: z.uuid('Ожидался номер возврата') });

export const adminPurchasesRoutes: FastifyPluginAsyncZod<{
  purchases: PurchaseListService;
  refunds: RefundService;
  unsoldRefunds: UnsoldRefunds;
}> = async (app, { purchases, refunds, unsoldRefunds }) => {
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

  // Money owed without a coupon (a late payment that found no unit): the admins return it outside.
  app.get('/api/admin/unsold-refunds', { schema: { response: { 200: ZUnsoldRefundsResponse } } }, async () =>
    unsoldRefunds.list(),
  );

  app.post(
    '/api/admin/unsold-refunds/:refundId/settle',
    { schema: { params: ZUnsoldRefundParams, response: { 200: ZUnsoldRefundSettled } } },
    async (request) => unsoldRefunds.settle(request.caller.id, request.params.refundId),
  );
};
