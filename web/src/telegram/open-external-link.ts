import { openLink, openTelegramLink } from '@telegram-apps/sdk-react';
import { isStandIn } from './stand-in';

/**
 * Opens a page outside the mini-app: through Telegram, which keeps the app open behind it, or in a
 * new tab in the local stand-in, whose imitation of Telegram does not open anything.
 */
export function openExternalLink(url: string): void {
  if (!isStandIn() && openLink.isAvailable()) {
    openLink(url);
    return;
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** Opens a t.me link inside Telegram (the chat, not a browser); any other link as a page. */
export function openTelegramOrExternalLink(url: string): void {
  if (/^https:\/\/t\.me\//.test(url) && !isStandIn() && openTelegramLink.isAvailable()) {
    openTelegramLink(url);
    return;
  }
  openExternalLink(url);
}
