export const emailKeys = {
  state: ['me', 'email'] as const,
};
