import { request } from './bridge';
import { launchUser } from './launch-params';
import { supports } from './protocol';

/** The user's answer, kept per Telegram user: one phone may open the app as several. */
const answerKey = (userId: number) => `katajsya.writeAccess.${userId}`;

/** Long enough for a person to read Telegram's question; a client that never answers is not waited for. */
const ANSWER_TIMEOUT_MS = 60_000;

/** Telegram asks the person from Mini Apps 6.9. */
export const clientAsksWriteAccess = () => supports('web_app_request_write_access');

/**
 * Asks once whether the bot may write to the user, at the moment it matters: before a
 * purchase or a gift, whose news the bot brings. Asked only when init data says the bot may not yet;
 * the answer, yes or no, is remembered and never asked again. Whatever the answer, the purchase or
 * the gift goes on.
 */
export async function askWriteAccessOnce(): Promise<void> {
  const user = launchUser();
  if (!user || user.allows_write_to_pm || !clientAsksWriteAccess()) return;
  const key = answerKey(user.id);
  if (localStorage.getItem(key) !== null) return;
  try {
    const { payload } = await request('web_app_request_write_access', undefined, ['write_access_requested'], {
      timeoutMs: ANSWER_TIMEOUT_MS,
    });
    localStorage.setItem(key, payload.status);
  } catch (error) {
    console.warn('Telegram did not answer the write access request', error);
  }
}
