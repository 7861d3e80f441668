import { z } from 'zod';

/**
 * POST /api/me/invite: the caller's invitation link into the app in their messenger, the words
 * shared with it, and that messenger's share link carrying both; null where the messenger has none
 * that works on every client of its (MAX), and its app shares the words and the link itself.
 */
export const ZMyInvite = z.object({ appLink: z.string(), text: z.string(), shareUrl: z.string().nullable() });
export type TMyInvite = z.infer<typeof ZMyInvite>;

/** One person who came through a member's link: named as the back office names people. */
export const ZInvitee = z.object({
  name: z.string(),
  /** ISO instant they first opened the app through the link. */
  invitedAt: z.string(),
  /** Counted among those who came: in the community chat (or a buyer, who was, to buy). */
  came: z.boolean(),
  bought: z.boolean(),
});
export type TInvitee = z.infer<typeof ZInvitee>;

/**
 * GET /api/admin/invites: per member whose link someone opened, how many came through it and how
 * many of them bought, and everyone who opened it (latest first), those not yet counted marked.
 */
export const ZInviteStatsRow = z.object({
  inviter: z.string(),
  came: z.number().int(),
  bought: z.number().int(),
  invitees: z.array(ZInvitee),
});
export type TInviteStatsRow = z.infer<typeof ZInviteStatsRow>;
export const ZInviteStatsResponse = z.array(ZInviteStatsRow);

/**
 * GET /api/me/inviter: who invited the caller, when the app was opened through the link of the
 * member it credits with them; null otherwise (no link, another's link, or not credited).
 */
export const ZMyInviter = z.object({ inviter: z.string().nullable() });
export type TMyInviter = z.infer<typeof ZMyInviter>;

/** The refusal of an invitation link while the caller's messenger cannot say it (Telegram's getMe unanswered). */
export const InviteErrorCode = { inviteUnavailable: 'invite_unavailable' } as const;
