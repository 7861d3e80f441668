import type { preHandlerAsyncHookHandler } from 'fastify';
import { UserErrorCode } from '#contract/session';
import { DomainError } from '../../domain/domain-error.ts';
import type { Membership, MembershipService } from './membership.service.ts';
import type { UserRefusal } from './texts.ts';

/** One Telegram cannot vouch for now is asked to try again shortly, not told to join. */
function refuseUnlessMember(now: Membership): void {
  if (now === 'unknown') throw new DomainError<UserRefusal>(UserErrorCode.membershipUnknown);
  if (now !== 'member') throw new DomainError<UserRefusal>(UserErrorCode.notChatMember);
}

/** Refuses a user who is not in the community chat now, asked on the server. */
export async function assertChatMember(membership: MembershipService, userId: number): Promise<void> {
  refuseUnlessMember(await membership.membershipOf(userId));
}

/** Confirming a purchase, gifting and joining an offer's line need membership of the chat now. */
export function requireChatMember(membership: MembershipService): preHandlerAsyncHookHandler {
  return (request) => assertChatMember(membership, request.caller.id);
}

/**
 * A payment start: membership as Telegram says it now, or said it lately (membership.service.ts,
 * TRUSTED_FOR_PAYMENT_S); a «member» of long ago is not taken on trust for money.
 */
export function requirePayingMember(membership: MembershipService): preHandlerAsyncHookHandler {
  return async (request) => refuseUnlessMember(await membership.payingMembershipOf(request.caller.id));
}
