/** How the back office names a person: @username, or the first name of a user without one. */
export const displayName = (user: { username: string | null; firstName: string } | undefined) =>
  user ? (user.username ? `@${user.username}` : user.firstName || 'без имени') : 'неизвестный';
