export const giftKeys = {
  held: ['held-gifts'] as const,
};
