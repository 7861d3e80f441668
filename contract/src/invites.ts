import { z } from 'zod';

/** POST /api/me/invite: the caller's invitation link, and Telegram's share link carrying it. */
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

/** The refusal of an invitation link while the bot does not answer getMe (its username names the link). */
export const InviteErrorCode = { inviteUnavailable: 'invite_unavailable' } as const;
