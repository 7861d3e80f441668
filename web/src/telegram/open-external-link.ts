import { postEvent } from './bridge';
import { realClientAtLeast } from './stand-in';

/**
 * Opens a page outside the mini-app: through Telegram, which keeps the app open behind it, or in a
 * new tab in the local stand-in, whose imitation of Telegram does not open anything.
 */
export function openExternalLink(url: string): void {
  if (realClientAtLeast('6.0')) {
    postEvent('web_app_open_link', { url });
    return;
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** Opens a t.me link inside Telegram (Mini Apps 6.1: the chat, not a browser); any other link as a page. */
export function openTelegramOrExternalLink(url: string): void {
  if (/^https:\/\/t\.me\//.test(url) && realClientAtLeast('6.1')) {
    const link = new URL(url);
    postEvent('web_app_open_tg_link', { path_full: link.pathname + link.search });
    return;
  }
  openExternalLink(url);
}
