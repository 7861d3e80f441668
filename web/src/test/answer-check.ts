import { expect } from 'vitest';
import type { AnswerCheck } from '@/lib/api-client';

/** A check written by hand judges `answer` as the contract's zod schema does, and keeps the same data. */
export function expectJudgedAsZod<T>(byHand: AnswerCheck<T>, zodSchema: AnswerCheck<T>, answer: unknown) {
  const mine = byHand.safeParse(answer);
  const zods = zodSchema.safeParse(answer);
  expect(mine.success).toBe(zods.success);
  if (mine.success && zods.success) expect(mine.data).toEqual(zods.data);
}
