import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZBooleanResponse, ZUsernameSeenResponse } from '#contract/session';
import { ZTelegramUsername } from '#contract/username-schemas';
import { DomainError } from '../../domain/domain-error.ts';
import { RATE_LIMITS } from '../../http/rate-limits.ts';
import { pathSubject, ZPathUsername } from './caller.ts';
import type { MembershipService } from './membership.service.ts';
import { assertChatMember } from './require-chat-member.ts';
import type { UserRefusal } from './texts.ts';
import type { UserService } from './users.service.ts';

const ZUsernameParams = z.object({ username: ZPathUsername });

export const usersRoutes: FastifyPluginAsyncZod<{
  users: UserService;
  membership: MembershipService;
}> = async (app, { users, membership }) => {
  const isRoute = { schema: { params: ZUsernameParams, response: { 200: ZBooleanResponse } } };

  app.get('/api/customer/is/admin/:username', isRoute, async (request) => {
    const who = await pathSubject(request, request.params.username, users);
    return who ? users.isAdmin(who.id) : false;
  });

  app.get('/api/customer/is/partner/:username', isRoute, async (request) => {
    const who = await pathSubject(request, request.params.username, users);
    return who ? users.isPartner(who.id) : false;
  });

  app.get('/api/customer/is/chat/member/:username', isRoute, async (request) => {
    const who = await pathSubject(request, request.params.username, users);
    return who ? membership.isChatMember(who.id) : false;
  });

  // Asked before a gift (a chat member's) or a staff name (a partner's or an admin's) that would wait
  // for its first visit: only seen or not, for a name Telegram could hold, a few times a day. A member
  // asks only with a coupon to give: the answer serves a gift, not curiosity about who uses the app.
  app.get(
    '/api/users/seen/:username',
    {
      config: { rateLimit: RATE_LIMITS.usernameLookup },
      preHandler: async (request) => {
        const role = await request.caller.role();
        if (role === 'partner' || role === 'admin') return;
        await assertChatMember(membership, request.caller.id);
        if (!(await users.hasCouponToGive(request.caller.id))) {
          throw new DomainError<UserRefusal>('nothing_to_gift');
        }
      },
      schema: {
        params: z.object({ username: ZTelegramUsername }),
        response: { 200: ZUsernameSeenResponse },
      },
    },
    async (request) => ({ seen: (await users.findByUsername(request.params.username)) !== undefined }),
  );
};
