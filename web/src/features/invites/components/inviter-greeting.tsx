import { Notice } from '@/components/ui/notice';
import { useMyInviter } from '../api/get-my-inviter';
import { inviteTexts } from '../texts';

/**
 * A newcomer who opened a member's invitation link is told who invited them, first on the screen
 * they land on: the link came from a friend, and the app names the friend. Nothing while unknown,
 * and nothing when the link credits nobody with them.
 */
export function InviterGreeting() {
  const { data } = useMyInviter();
  return data?.inviter ? <Notice tone="info">{inviteTexts.invitedBy(data.inviter)}</Notice> : null;
}
