import { ErrorCode } from '#contract/errors';
import { GiftErrorCode } from '#contract/gifts';
import { UserErrorCode } from '#contract/session';
import { ApiError } from '@/lib/api-client';

/**
 * Why a gift failed (SPEC §5): no answer at all (`not_sent`), or a refusal, shown as «…не состоит
 * в чате…» (`friend_not_found`) unless the server's own message is more truthful (`refused`): the
 * coupon is used or no longer yours, you are not in the chat, it is you after all, the name is
 * none Telegram could hold, or too many gifts in a row.
 */
export type GiftFailure =
  | { kind: 'not_sent' }
  | { kind: 'friend_not_found' }
  | { kind: 'refused'; message: string };

/** Refusals whose own message tells the giver what to do (a bad request: what is wrong with the name). */
const SAYS_WHY: readonly string[] = [UserErrorCode.notChatMember, GiftErrorCode.toSelf, ErrorCode.badRequest];

export function classifyGiftFailure(error: unknown): GiftFailure {
  if (!(error instanceof ApiError) || error.status === 0) return { kind: 'not_sent' };
  // 429: too many gifts in a row, which only waiting mends.
  const saysWhy = [409, 429].includes(error.status) || SAYS_WHY.includes(error.code);
  if (saysWhy) return { kind: 'refused', message: error.message };
  return { kind: 'friend_not_found' };
}
