import type { ShareableMessage, ShareOutcome } from '@/messenger/share';
import { request } from './bridge';
import { openTelegramOrExternalLink } from './open-external-link';
import { supports } from './protocol';

/**
 * Telegram 8.0 shares the bot's prepared message, an older client a t.me/share/url link.
 * (switchInlineQuery would need the bot's inline mode and a launch from an inline button.) The
 * local stand-in shows the share link's message and what it carries.
 */
export const clientCanShare = () => supports('web_app_open_tg_link');

/** Telegram sends a message the bot prepared from Mini Apps 8.0. */
const canSharePreparedMessage = () => supports('web_app_send_prepared_message');

/** Rejects when Telegram failed to send the message. */
export async function shareInTelegram(message: ShareableMessage): Promise<ShareOutcome> {
  if (!message.preparedId || !canSharePreparedMessage()) {
    const query = new URLSearchParams({ url: message.appLink, text: message.text });
    // t.me reads a plus as a plus: spaces go as %20.
    openTelegramOrExternalLink(`https://t.me/share/url?${query.toString().replaceAll('+', '%20')}`);
    return 'linked';
  }
  const answer = await request('web_app_send_prepared_message', { id: message.preparedId }, [
    'prepared_message_sent',
    'prepared_message_failed',
  ]);
  if (answer.event === 'prepared_message_sent') return 'sent';
  if (answer.payload?.error === 'USER_DECLINED') return 'declined';
  throw new Error(`Telegram could not send the message: ${answer.payload?.error ?? 'no reason given'}`);
}
