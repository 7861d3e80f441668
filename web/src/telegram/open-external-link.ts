import { postEvent } from './bridge';
import { supports } from './protocol';

/**
 * Opens a page outside the mini-app: through Telegram, which keeps the app open behind it (the
 * local stand-in opens a new tab for it), or in a new tab outside Telegram.
 */
export function openExternalLink(url: string): void {
  if (supports('web_app_open_link')) {
    postEvent('web_app_open_link', { url });
    return;
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** Opens a t.me link inside Telegram (Mini Apps 6.1: the chat, not a browser); any other link as a page. */
export function openTelegramOrExternalLink(url: string): void {
  if (/^https:\/\/t\.me\//.test(url) && supports('web_app_open_tg_link')) {
    const link = new URL(url);
    postEvent('web_app_open_tg_link', { path_full: link.pathname + link.search });
    return;
  }
  openExternalLink(url);
}
