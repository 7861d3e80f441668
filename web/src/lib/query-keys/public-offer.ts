export const publicOfferKeys = {
  terms: ['public-offer'] as const,
};
