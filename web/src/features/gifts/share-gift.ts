import { request } from '@/telegram/bridge';
import { openTelegramOrExternalLink } from '@/telegram/open-external-link';
import { supports } from '@/telegram/protocol';
import { prepareGiftMessage } from './api/prepare-gift-message';

/**
 * The giver can share a gift from here: Telegram 8.0 shares the bot's prepared message, an older
 * client a t.me/share/url link. (switchInlineQuery would need the bot's inline mode and a launch
 * from an inline button.) The local stand-in shows the share link's message and what it carries.
 */
export const canShareGifts = () => supports('web_app_open_tg_link');

/** Telegram sends a message the bot prepared from Mini Apps 8.0. */
const canSharePreparedMessage = () => supports('web_app_send_prepared_message');

/** sent: Telegram sent it; declined: the giver closed the chat picker; linked: Telegram's share link is open. */
export type ShareOutcome = 'sent' | 'declined' | 'linked';

/**
 * Lets the giver pick a chat and sends it the message about the gift, whose button opens the
 * mini-app on My QR. Rejects when the message could not be prepared or Telegram failed to send it.
 */
export async function shareGift(giftId: number): Promise<ShareOutcome> {
  const message = await prepareGiftMessage(giftId);
  if (!canSharePreparedMessage()) {
    const query = new URLSearchParams({ url: message.appLink, text: message.text });
    // t.me reads a plus as a plus: spaces go as %20.
    openTelegramOrExternalLink(`https://t.me/share/url?${query.toString().replaceAll('+', '%20')}`);
    return 'linked';
  }
  const answer = await request('web_app_send_prepared_message', { id: message.id }, [
    'prepared_message_sent',
    'prepared_message_failed',
  ]);
  if (answer.event === 'prepared_message_sent') return 'sent';
  if (answer.payload?.error === 'USER_DECLINED') return 'declined';
  throw new Error(
    `Telegram could not send the gift's message: ${answer.payload?.error ?? 'no reason given'}`,
  );
}
