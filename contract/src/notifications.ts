import { z } from 'zod';

/** Why the bot gave a message up: Telegram refused it (blocked, no such chat), or answered nothing for a day. */
export const ZUndeliveredReason = z.enum(['refused', 'unanswered']);
export type TUndeliveredReason = z.infer<typeof ZUndeliveredReason>;

/** GET /api/admin/notifications/undelivered: a bot message given up, newest first. */
export const ZUndeliveredMessage = z.object({
  id: z.number().int(),
  /** Whom it was for: @username, their name, or their Telegram id when the app never saw them. */
  recipient: z.string(),
  /** Its words; for a QR photo, what it is. */
  text: z.string(),
  reason: ZUndeliveredReason,
  /** Telegram's last answer, as it worded it. */
  error: z.string().nullable(),
  createdAt: z.string(),
  failedAt: z.string(),
});
export type TUndeliveredMessage = z.infer<typeof ZUndeliveredMessage>;
export const ZUndeliveredResponse = z.array(ZUndeliveredMessage);

/** How many given-up messages the list shows at most: the newest. */
export const UNDELIVERED_LIST_LIMIT = 100;
