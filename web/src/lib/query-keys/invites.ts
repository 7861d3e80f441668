export const inviteKeys = {
  /** Who invited the caller, as the launch's invitation link tells it. */
  myInviter: ['invites', 'my-inviter'] as const,
};
