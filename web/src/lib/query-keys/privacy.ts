export const privacyKeys = {
  policy: ['privacy'] as const,
  myData: ['my-data'] as const,
};
