import { type ShareOutcome, shareMessage } from '@/messenger/share';
import { prepareGiftMessage } from './api/prepare-gift-message';

/**
 * Lets the giver pick a chat and sends it the message about the gift, whose button (or, where the
 * messenger prepares no messages, whose link) opens the mini-app on My QR. Rejects when the message
 * could not be prepared or the messenger failed to send it.
 */
export async function shareGift(giftId: number): Promise<ShareOutcome> {
  const { id, text, appLink } = await prepareGiftMessage(giftId);
  return shareMessage({ preparedId: id, text, appLink });
}
