import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type TBotMessagesStuck,
  ZBooleanResponse,
  ZMeResponse,
  ZUsernameSeenResponse,
} from '#contract/session';
import { ZTelegramUsername } from '#contract/username-schemas';
import { DomainError } from '../../domain/domain-error.ts';
import { RATE_LIMITS } from '../../http/rate-limits.ts';
import type { PrivacyService } from '../privacy/privacy.service.ts';
import { pathSubject, ZPathUsername } from './caller.ts';
import type { MembershipService } from './membership.service.ts';
import { assertChatMember } from './require-chat-member.ts';
import type { UserRefusal } from './texts.ts';
import type { UserService } from './users.service.ts';

const ZUsernameParams = z.object({ username: ZPathUsername });

export const usersRoutes: FastifyPluginAsyncZod<{
  users: UserService;
  membership: MembershipService;
  communityChatLink: string;
  privacy: PrivacyService;
  receiptEmailRequired: boolean;
  /** REPORT_TIME_ZONE: the clock every screen shows times on. */
  timeZone: string;
  /** Opening the app hands over gifts held for the caller's username (gifts.service.ts). */
  claimHeldGifts: (userId: number, known: { heldGiftWaits: boolean }) => Promise<number>;
  /** Opening the app through a member's invitation link records who invited (invites.service.ts). */
  recordArrival: (userId: number, startParam: string | undefined) => Promise<void>;
  /** Told to admins on Home: bot messages waiting over 10 minutes (notifications/outbox-backlog.ts). */
  stuckBotMessages: () => Promise<TBotMessagesStuck | undefined>;
}> = async (
  app,
  {
    users,
    membership,
    communityChatLink,
    privacy,
    receiptEmailRequired,
    timeZone,
    claimHeldGifts,
    recordArrival,
    stuckBotMessages,
  },
) => {
  // Every launch asks it first (a post in the chat: thousands in a minute); failures are still logged.
  const me = { config: { logOnlyFailures: true }, schema: { response: { 200: ZMeResponse } } };
  app.get('/api/me', me, async (request) => {
    const { caller } = request;
    await recordArrival(caller.id, caller.startParam);
    // One statement for membership, consent and held gifts; none on a first open, whose profile's
    // write returned it: on PGlite a crowd of first opens waits for each other's every statement.
    const row = caller.row ?? (await users.callerRowOf(caller.id));
    await claimHeldGifts(caller.id, row);
    const [role, chat, personal] = await Promise.all([
      caller.role(),
      membership.membershipOf(caller.id, row),
      privacy.stateOf(caller.id, row),
    ]);
    // Asked for admins alone: everyone else's open costs no statement more.
    const botMessagesStuck = role === 'admin' ? await stuckBotMessages() : undefined;
    return {
      id: caller.id,
      username: caller.username,
      firstName: caller.firstName,
      role,
      isChatMember: chat === 'unknown' ? null : chat === 'member',
      communityChatLink,
      ...personal,
      receiptEmailRequired,
      timeZone,
      ...(botMessagesStuck ? { botMessagesStuck } : {}),
    };
  });

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
