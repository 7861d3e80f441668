/** Statuses Telegram gives a chat member who is in the chat now. */
export function isMemberStatus(member: { status: string; is_member?: boolean }): boolean {
  return (
    member.status === 'creator' ||
    member.status === 'administrator' ||
    member.status === 'member' ||
    (member.status === 'restricted' && member.is_member === true)
  );
}
