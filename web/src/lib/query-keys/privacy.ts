export const privacyKeys = {
  policy: ['privacy'] as const,
  myData: ['my-data'] as const,
  /** The caller's accounts in the messengers, and those they may link. */
  myMessengers: ['my-messengers'] as const,
};
