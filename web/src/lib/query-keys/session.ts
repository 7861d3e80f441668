export const sessionKeys = {
  me: ['me'] as const,
};
