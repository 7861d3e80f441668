import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type TBotMessagesStuck, ZMeResponse } from '#contract/session';
import type { PrivacyService } from '../privacy/privacy.service.ts';
import type { CallerRow } from '../users/caller-row.ts';
import type { MembershipService } from '../users/membership.service.ts';

export const meRoutes: FastifyPluginAsyncZod<{
  /** The caller's row when the request's write of their profile returned none (caller-row.query.ts). */
  callerRowOf: (userId: number) => Promise<CallerRow>;
  membership: Pick<MembershipService, 'membershipOf'>;
  communityChatLink: string;
  privacy: Pick<PrivacyService, 'stateOf'>;
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
    callerRowOf,
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
    const row = caller.row ?? (await callerRowOf(caller.id));
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
};
