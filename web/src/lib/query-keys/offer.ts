export const offerKeys = {
  terms: ['offer'] as const,
};
