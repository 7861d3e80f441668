import { errorMessage } from '@/lib/api-client';
import { openMessengerLink } from '@/messenger/links';
import { getMyInvite } from './api/get-my-invite';

/** Asks for the member's invitation and opens Telegram's sharing of it; the refusal's text, if any. */
export async function shareInvite(): Promise<string | undefined> {
  try {
    const { shareUrl } = await getMyInvite();
    openMessengerLink(shareUrl);
    return undefined;
  } catch (error) {
    return errorMessage(error);
  }
}
