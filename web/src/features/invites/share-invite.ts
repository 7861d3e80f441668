import { errorMessage } from '@/lib/api-client';
import { openTelegramOrExternalLink } from '@/telegram/open-external-link';
import { getMyInvite } from './api/get-my-invite';

/** Asks for the member's invitation and opens Telegram's sharing of it; the refusal's text, if any. */
export async function shareInvite(): Promise<string | undefined> {
  try {
    const { shareUrl } = await getMyInvite();
    openTelegramOrExternalLink(shareUrl);
    return undefined;
  } catch (error) {
    return errorMessage(error);
  }
}
