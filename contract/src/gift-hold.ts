/**
 * How long a held gift waits for its addressee before it returns to the giver. Apart from gifts.ts
 * and its zod schemas: the held gifts under My QR say it without loading zod.
 */
export const HELD_GIFT_DAYS = 7;

/** When a gift held from `createdAt` goes back to its giver unless claimed. */
export const heldGiftUntil = (createdAt: Date) =>
  new Date(createdAt.getTime() + HELD_GIFT_DAYS * 24 * 60 * 60 * 1000);
