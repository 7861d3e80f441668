import type { preHandlerAsyncHookHandler } from 'fastify';
import { NOT_CHAT_MEMBER_MESSAGE } from '#contract/session';
import { AppError } from '../../http/errors.ts';
import type { MembershipService } from './membership.service.ts';

/** Buying, confirming and gifting need membership of the community chat now, asked on the server. */
export function requireChatMember(membership: MembershipService): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!(await membership.isChatMember(request.caller.id))) {
      throw new AppError(403, 'not_chat_member', NOT_CHAT_MEMBER_MESSAGE);
    }
  };
}
