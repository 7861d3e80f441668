import { clientCanShare, shareInTelegram } from '@/telegram/share-message';
import { ofLaunch } from './messenger-of-launch';

/**
 * What a person shares into a chat: the bot's prepared message (by Telegram's id for it), or its
 * text and the app's link, all a messenger without prepared messages (MAX) is given.
 */
export type ShareableMessage = { preparedId?: string; text: string; appLink: string };

/** sent: the messenger sent it; declined: the person closed the chat picker; linked: a share link is open. */
export type ShareOutcome = 'sent' | 'declined' | 'linked';

export type Sharing = {
  possible: () => boolean;
  share: (message: ShareableMessage) => Promise<ShareOutcome>;
};

const TELEGRAM_SHARING: Sharing = { possible: clientCanShare, share: shareInTelegram };

/** Whether this launch's messenger lets a person pick a chat to share a message into. */
export const canShare = () => ofLaunch({ telegram: TELEGRAM_SHARING, max: (max) => max.sharing }).possible();

/** Lets the person pick a chat and sends the message there; rejects when the messenger failed to. */
export const shareMessage = (message: ShareableMessage) =>
  ofLaunch({ telegram: TELEGRAM_SHARING, max: (max) => max.sharing }).share(message);
