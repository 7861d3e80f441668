import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDbId } from '#contract/ids';
import { ZWaitlistPlace } from '#contract/waitlist';
import { RATE_LIMITS } from '../../http/rate-limits.ts';
import type { MembershipService } from '../users/membership.service.ts';
import { requireChatMember } from '../users/require-chat-member.ts';
import type { WaitlistService } from './waitlist.service.ts';

// API.md's path names the offer `couponId`; past the door it is the offer's id.
const params = z.object({ couponId: ZDbId });

/** The line of a sold-out offer: a member joins it; anyone sees their own place and leaves it. */
export const waitlistRoutes: FastifyPluginAsyncZod<{
  waitlist: WaitlistService;
  membership: MembershipService;
}> = async (app, { waitlist, membership }) => {
  app.get(
    '/api/offers/:couponId/waitlist',
    { schema: { params, response: { 200: ZWaitlistPlace } } },
    async (request) => waitlist.placeOf(request.caller.id, request.params.couponId),
  );

  app.post(
    '/api/offers/:couponId/waitlist',
    {
      // Only a member may buy what the line hands them: one who may not is not put in it.
      preHandler: requireChatMember(membership),
      config: { rateLimit: RATE_LIMITS.waitlist },
      schema: { params, response: { 200: ZWaitlistPlace } },
    },
    async (request) => waitlist.join(request.caller.id, request.params.couponId),
  );

  app.delete(
    '/api/offers/:couponId/waitlist',
    { config: { rateLimit: RATE_LIMITS.waitlist }, schema: { params, response: { 204: z.null() } } },
    async (request, reply) => {
      await waitlist.leave(request.caller.id, request.params.couponId);
      return reply.status(204).send(null);
    },
  );
};
