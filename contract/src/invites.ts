import { z } from 'zod';

/**
 * POST /api/me/invite: the caller's invitation link into the app in their messenger, and that
 * messenger's share link carrying it (the link itself where the messenger has none).
 */
export const ZMyInvite = z.object({ appLink: z.string(), shareUrl: z.string() });
export type TMyInvite = z.infer<typeof ZMyInvite>;

/** GET /api/admin/invites: per member, how many came through their link and how many of them bought. */
export const ZInviteStatsRow = z.object({
  inviter: z.string(),
  came: z.number().int(),
  bought: z.number().int(),
});
export type TInviteStatsRow = z.infer<typeof ZInviteStatsRow>;
export const ZInviteStatsResponse = z.array(ZInviteStatsRow);

/** The refusal of an invitation link while the caller's messenger cannot say it (Telegram's getMe unanswered). */
export const InviteErrorCode = { inviteUnavailable: 'invite_unavailable' } as const;
