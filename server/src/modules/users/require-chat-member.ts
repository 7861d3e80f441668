import type { preHandlerAsyncHookHandler } from 'fastify';
import { UserErrorCode } from '#contract/session';
import { DomainError } from '../../domain/domain-error.ts';
import type { MembershipService } from './membership.service.ts';
import type { UserRefusal } from './texts.ts';

/**
 * Refuses a user who is not in the community chat now, asked on the server; one Telegram has not
 * answered about yet is asked to try again shortly, not told to join.
 */
export async function assertChatMember(membership: MembershipService, userId: number): Promise<void> {
  const now = await membership.membershipOf(userId);
  if (now === 'unknown') throw new DomainError<UserRefusal>(UserErrorCode.membershipUnknown);
  if (now !== 'member') throw new DomainError<UserRefusal>(UserErrorCode.notChatMember);
}

/** Buying, confirming and gifting need membership of the community chat now. */
export function requireChatMember(membership: MembershipService): preHandlerAsyncHookHandler {
  return (request) => assertChatMember(membership, request.caller.id);
}
