import {
  openTelegramOrExternalLink,
  openExternalLink as telegramExternal,
} from '@/telegram/open-external-link';
import { ofLaunch } from './messenger-of-launch';

/** Opens a page outside the mini-app, through the messenger where it can, which keeps the app open behind it. */
export const openExternalLink = (url: string): void =>
  ofLaunch({ telegram: telegramExternal, max: (max) => max.openExternalLink })(url);

/**
 * Opens a link into the messenger (a chat, its sharing) inside it, and any other link as a page. Each
 * messenger knows its own links: Telegram's `t.me`, MAX's `max.ru` (ADR 0019).
 */
export const openMessengerLink = (url: string): void =>
  ofLaunch({ telegram: openTelegramOrExternalLink, max: (max) => max.openMessengerLink })(url);
