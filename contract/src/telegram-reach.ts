/**
 * Whether the server process reaches Telegram's Bot API, by its latest call: `down` after no answer,
 * a timeout or a 5xx (a relay's 502), `up` after any answer of Telegram's own (a 403 or a 429 too),
 * `unknown` before its first call (and in the local stand-in, which has no Telegram). Apart from
 * session.ts and its zod schemas: the web app's first screen checks /api/me without loading zod.
 */
export const TELEGRAM_REACHES = ['up', 'down', 'unknown'] as const;
export type TTelegramReach = (typeof TELEGRAM_REACHES)[number];
