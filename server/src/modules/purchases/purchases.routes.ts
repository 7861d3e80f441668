import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDbId } from '#contract/ids';
import {
  ZConfirmPurchaseRequest,
  ZConfirmPurchaseResponse,
  ZMyCouponsResponse,
  ZStartPaymentResponse,
} from '#contract/purchases';
import { AppError, notFound } from '../../http/errors.ts';
import { pathSubject, requireOwnUsername, ZPathUsername } from '../../plugins/auth.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import type { MembershipService } from '../users/membership.service.ts';
import { requireChatMember } from '../users/require-chat-member.ts';
import type { UserService } from '../users/users.service.ts';
import type { PurchaseService } from './purchases.service.ts';

/**
 * A coupon is confirmed, shown and gifted by its owner's username (SPEC §3): without one, a paid
 * coupon could never reach its buyer, so the payment is not even started.
 */
async function requireUsername(request: FastifyRequest) {
  if (!request.caller.username) {
    throw new AppError(
      403,
      'no_username',
      'Чтобы купить купон, задайте имя пользователя (username) в настройках Telegram и откройте приложение заново.',
    );
  }
}

/** Buying and owning, for a caller with valid init data. */
export const purchasesRoutes: FastifyPluginAsyncZod<{
  purchases: PurchaseService;
  membership: MembershipService;
  users: UserService;
}> = async (app, { purchases, membership, users }) => {
  const chatMember = requireChatMember(membership);

  app.post(
    '/api/payments/:couponId',
    {
      config: { rateLimit: RATE_LIMITS.startPayment },
      preHandler: [requireUsername, chatMember],
      schema: { params: z.object({ couponId: ZDbId }), response: { 200: ZStartPaymentResponse } },
    },
    async (request) => purchases.startPayment(request.caller.id, request.params.couponId),
  );

  app.post(
    '/api/coupons/buy/:couponId/:username',
    {
      preValidation: requireOwnUsername('username', 'Подтвердить можно только свою оплату'),
      preHandler: chatMember,
      schema: {
        params: z.object({ couponId: ZDbId, username: ZPathUsername }),
        body: ZConfirmPurchaseRequest,
        response: { 200: ZConfirmPurchaseResponse },
      },
    },
    async (request) =>
      purchases.confirmPurchase(request.caller.id, request.params.couponId, request.body?.paymentId),
  );

  app.get(
    '/api/coupon/valid/qr/customer/:username',
    {
      schema: {
        params: z.object({ username: ZPathUsername }),
        response: { 200: ZMyCouponsResponse, 304: z.undefined() },
      },
    },
    async (request, reply) => {
      const ownerId = (await pathSubject(request, request.params.username, users))?.id;
      if (ownerId === undefined) throw notFound('Нет такого пользователя');

      const tag = await purchases.ownCouponsTag(ownerId);
      reply.header('etag', tag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === tag) return reply.status(304).send(undefined);
      return purchases.listOwnCoupons(ownerId);
    },
  );
};
