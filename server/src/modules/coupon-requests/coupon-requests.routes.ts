import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAcceptCouponRequest,
  ZCouponApplyRequest,
  ZCouponRequestsResponse,
  ZOkResponse,
} from '#contract/coupons';
import { ZDbId } from '#contract/ids';
import { DomainError } from '../../domain/domain-error.ts';
import { sendJsonText } from '../../http/json-text.ts';
import { RATE_LIMITS } from '../../http/rate-limits.ts';
import { isOwnUsername, requireRole } from '../users/caller.ts';
import type { CouponRequestService } from './coupon-requests.service.ts';
import type { CouponRequestRefusal } from './texts.ts';

const ZCouponIdParams = z.object({ couponId: ZDbId });

export const couponRequestsRoutes: FastifyPluginAsyncZod<{ requests: CouponRequestService }> = async (
  app,
  { requests },
) => {
  app.post(
    '/api/coupon/apply',
    {
      config: { rateLimit: RATE_LIMITS.couponRequest },
      preValidation: requireRole('partner', 'admin'),
      schema: { body: ZCouponApplyRequest, response: { 200: ZOkResponse } },
    },
    async (request, reply) => {
      const { caller, body } = request;
      // The spec's payload names the requester; it may only name the caller.
      for (const named of [body.partnerUsername, body.adminUsername]) {
        if (named && !isOwnUsername(caller, named)) {
          throw new DomainError<CouponRequestRefusal>('request_for_self_only');
        }
      }
      const isAdmin = (await caller.role()) === 'admin';
      await requests.applyForCoupon({ id: caller.id, username: caller.username, isAdmin }, body);
      return sendJsonText(reply, 'ok');
    },
  );

  app.get(
    '/api/coupons/to/apply',
    { preValidation: requireRole('admin'), schema: { response: { 200: ZCouponRequestsResponse } } },
    async () => requests.listPending(),
  );

  app.post(
    '/api/coupon/apply/accept',
    {
      preValidation: requireRole('admin'),
      schema: { body: ZAcceptCouponRequest, response: { 200: ZOkResponse } },
    },
    async (request, reply) => {
      await requests.accept(request.body, request.caller.id);
      return sendJsonText(reply, 'ok');
    },
  );

  app.post(
    '/api/coupon/apply/reject/:couponId',
    {
      preValidation: requireRole('admin'),
      schema: { params: ZCouponIdParams, response: { 200: ZOkResponse } },
    },
    async (request, reply) => {
      await requests.reject(request.params.couponId, request.caller.id);
      return sendJsonText(reply, 'ok');
    },
  );
};
