import type { preHandlerAsyncHookHandler } from 'fastify';
import { UserErrorCode } from '#contract/session';
import { DomainError } from '../../domain/domain-error.ts';
import type { MembershipService } from './membership.service.ts';
import type { UserRefusal } from './texts.ts';

/** Buying, confirming and gifting need membership of the community chat now, asked on the server. */
export function requireChatMember(membership: MembershipService): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!(await membership.isChatMember(request.caller.id))) {
      throw new DomainError<UserRefusal>(UserErrorCode.notChatMember);
    }
  };
}
