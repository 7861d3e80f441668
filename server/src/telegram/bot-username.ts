import type { Api } from 'grammy';
import { abortAfter } from './bot-api.ts';

/** A Bot API call answers well within this, or the caller tries again later. */
const GET_ME_MS = 10_000;

/**
 * The bot's username, which names the app's t.me links; asked of getMe once (it never changes while
 * the process runs), and again after a failed ask.
 */
export function createBotUsername(api: Api): () => Promise<string> {
  let username: Promise<string> | undefined;
  return () => {
    username ??= api.getMe(abortAfter(GET_ME_MS)).then(
      (me) => me.username,
      (error: unknown) => {
        username = undefined;
        throw error;
      },
    );
    return username;
  };
}
