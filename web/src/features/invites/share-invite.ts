import { errorMessage } from '@/lib/api-client';
import { openMessengerLink } from '@/messenger/links';
import { canShare, shareMessage } from '@/messenger/share';
import { getMyInvite } from './api/get-my-invite';

/**
 * Asks for the member's invitation and shares it: by the messenger's share link where it gives
 * one (Telegram), else through its chat picker (MAX), else as the link itself; the refusal's text, if any.
 */
export async function shareInvite(): Promise<string | undefined> {
  try {
    const { appLink, text, shareUrl } = await getMyInvite();
    if (shareUrl) openMessengerLink(shareUrl);
    else if (canShare()) await shareMessage({ text, appLink });
    else openMessengerLink(appLink);
    return undefined;
  } catch (error) {
    return errorMessage(error);
  }
}
