import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOkResponse } from '#contract/coupons';
import { ZGiftResponse, ZHeldGiftsResponse, ZPreparedGiftMessage } from '#contract/gifts';
import { ZDbId } from '#contract/ids';
import { ZTelegramUsername } from '#contract/username-schemas';
import { DomainError } from '../../domain/domain-error.ts';
import { sendJsonText } from '../../http/json-text.ts';
import { RATE_LIMITS } from '../../http/rate-limits.ts';
import { requireOwnUsername, ZPathUsername } from '../users/caller.ts';
import type { MembershipService } from '../users/membership.service.ts';
import { requireChatMember } from '../users/require-chat-member.ts';
import type { GiftShareService } from './gift-share.service.ts';
import type { GiftService } from './gifts.service.ts';
import type { GiftRefusal } from './texts.ts';

/** A gift names its giver by their username: one without (in MAX) is told how to set it. */
async function requireUsername(request: FastifyRequest) {
  if (!request.caller.username) {
    throw new DomainError<GiftRefusal>('gift_without_username', { messenger: request.caller.messenger });
  }
}

export const giftsRoutes: FastifyPluginAsyncZod<{
  gifts: GiftService;
  share: GiftShareService;
  membership: MembershipService;
}> = async (app, { gifts, share, membership }) => {
  app.post(
    '/api/coupons/buy/friend/:purchasedCouponId/:ownUsername/:friendUsername',
    {
      config: { rateLimit: RATE_LIMITS.gift },
      preValidation: [
        requireUsername,
        requireOwnUsername('ownUsername', 'gift_of_own_coupon_only' satisfies GiftRefusal),
      ],
      preHandler: requireChatMember(membership),
      schema: {
        params: z.object({
          purchasedCouponId: z.uuid(),
          ownUsername: ZPathUsername,
          friendUsername: ZTelegramUsername,
        }),
        response: { 200: ZGiftResponse },
      },
    },
    async (request) =>
      gifts.giftCoupon(request.caller, request.params.purchasedCouponId, request.params.friendUsername),
  );

  app.post(
    '/api/gifts/:giftId/cancel',
    { schema: { params: z.object({ giftId: ZDbId }), response: { 200: ZOkResponse } } },
    async (request, reply) => {
      await gifts.cancelHeldGift(request.caller.id, request.params.giftId);
      return sendJsonText(reply, 'ok');
    },
  );

  // The giver's own gift only (checked by the service); each call is a Bot API call, limited as gifts are.
  app.post(
    '/api/gifts/:giftId/prepared-message',
    {
      config: { rateLimit: RATE_LIMITS.gift },
      schema: { params: z.object({ giftId: ZDbId }), response: { 200: ZPreparedGiftMessage } },
    },
    async (request) => share.prepareMessage(request.caller, request.params.giftId),
  );

  app.get('/api/gifts/held', { schema: { response: { 200: ZHeldGiftsResponse } } }, async (request) =>
    (await gifts.heldGiftsOf(request.caller.id)).map((gift) => ({
      ...gift,
      toUsername: gift.toUsername ?? '',
      createdAt: gift.createdAt.toISOString(),
    })),
  );
};
