import { isShareMessageError, shareMessage, shareURL } from '@telegram-apps/sdk-react';
import { isStandIn } from '@/telegram/stand-in';
import { prepareGiftMessage } from './api/prepare-gift-message';

/**
 * The giver can share a gift from here: Telegram 8.0 shares the bot's prepared message, an older
 * client a t.me/share/url link. (switchInlineQuery would need the bot's inline mode and a launch
 * from an inline button.) The local stand-in has no bot to prepare anything, nor chats to share to.
 */
export const canShareGifts = () => !isStandIn() && (shareMessage.isAvailable() || shareURL.isAvailable());

/** sent: Telegram sent it; declined: the giver closed the chat picker; linked: Telegram's share link is open. */
export type ShareOutcome = 'sent' | 'declined' | 'linked';

/**
 * Lets the giver pick a chat and sends it the message about the gift, whose button opens the
 * mini-app on My QR. Rejects when the message could not be prepared or Telegram failed to send it.
 */
export async function shareGift(giftId: number): Promise<ShareOutcome> {
  const message = await prepareGiftMessage(giftId);
  if (!shareMessage.isAvailable()) {
    shareURL(message.appLink, message.text);
    return 'linked';
  }
  try {
    await shareMessage(message.id);
    return 'sent';
  } catch (error) {
    if (isShareMessageError(error) && error.message === 'USER_DECLINED') return 'declined';
    throw error;
  }
}
