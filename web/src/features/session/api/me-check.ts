import type { TMeResponse } from '#contract/session';
import type { AnswerCheck } from '@/lib/api-client';
import { userStateIn } from '../user-state';

/** A link as zod's `z.url()` takes it: trimmed, parsed by the URL parser, tabs and line breaks dropped. */
function asUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  try {
    // Not URL.canParse: older Telegram webviews (iOS before 17) lack it.
    new URL(trimmed);
    return trimmed.replace(/[\t\n\r]/g, '');
  } catch {
    return undefined;
  }
}

function toMe(value: unknown): TMeResponse | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const fields = value as Record<string, unknown>;
  const { id, firstName } = fields;
  const state = userStateIn(fields);
  const link = asUrl(fields.communityChatLink);
  // Only the contract's fields, as zod's object keeps them; the link as zod gives it back.
  return state && link !== undefined && Number.isSafeInteger(id) && typeof firstName === 'string'
    ? { id: id as number, firstName, ...state, communityChatLink: link }
    : undefined;
}

/**
 * /api/me's answer checked against the contract's ZMeResponse by hand, not with zod: every first
 * screen asks for it, and zod's chunk (24 KB) then came before My QR's largest paint.
 * me-check.test.ts holds it to the zod schema.
 */
export const meCheck: AnswerCheck<TMeResponse> = {
  safeParse(value) {
    const me = toMe(value);
    return me
      ? { success: true, data: me }
      : { success: false, error: new TypeError('not the user of /api/me') };
  },
};
