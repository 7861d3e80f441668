import { request, TelegramTimeoutError } from './bridge';
import { supports } from './protocol';

/**
 * Long enough for anyone to read and close the popup; a client that never says it closed does not
 * keep a listener waiting for good, to be answered by some later popup's closing.
 */
const CLOSE_TIMEOUT_MS = 10 * 60_000;

/** Telegram's own popup came with Mini Apps 6.2. */
export const clientHasPopup = () => supports('web_app_open_popup');

/** A message the user must acknowledge, in Telegram's popup; the browser's where the client refuses it. */
export async function showPopupAlert(message: string): Promise<void> {
  try {
    await request(
      'web_app_open_popup',
      { title: '', message, buttons: [{ id: 'ok', type: 'ok' }] },
      ['popup_closed'],
      { timeoutMs: CLOSE_TIMEOUT_MS },
    );
  } catch (error) {
    // Shown and left open that long: the user has seen it.
    if (error instanceof TelegramTimeoutError) return;
    // The client refused it: the message must still reach the user.
    console.warn('Telegram popup failed, falling back to alert()', error);
    window.alert(message);
  }
}
