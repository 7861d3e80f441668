export const adminKeys = {
  invites: ['admin', 'invites'] as const,
  undelivered: ['admin', 'undelivered'] as const,
};
