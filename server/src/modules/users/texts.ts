import { ErrorCode } from '#contract/errors';
import { MEMBERSHIP_UNKNOWN_MESSAGE, NOT_CHAT_MEMBER_MESSAGE, UserErrorCode } from '#contract/session';
import type { Refusals } from '../../http/errors.ts';

export const userRefusals = {
  [UserErrorCode.notChatMember]: { status: 403, message: NOT_CHAT_MEMBER_MESSAGE },
  [UserErrorCode.membershipUnknown]: { status: 503, message: MEMBERSHIP_UNKNOWN_MESSAGE },
  only_about_self: { status: 403, error: ErrorCode.forbidden, message: 'Можно спрашивать только о себе' },
  nothing_to_gift: {
    status: 403,
    error: ErrorCode.forbidden,
    message: 'Проверить имя получателя можно, когда у вас есть купон, который можно подарить',
  },
} satisfies Refusals;
export type UserRefusal = keyof typeof userRefusals;
