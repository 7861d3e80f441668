import type { TMessenger } from '#contract/messengers';

/**
 * A button under a bot's message, as every messenger has one (ADR 0019): the app opened on one of
 * its paths (Telegram: a web_app button; MAX: open_app), a tap the bot answers (Telegram's
 * callback_data, MAX's callback payload), or a link.
 */
export type MessageButton =
  | { text: string; app: string }
  | { text: string; callback: string }
  | { text: string; url: string };

/** A message's buttons, in rows. */
export type MessageButtons = MessageButton[][];

/**
 * Why a messenger did not take a message, in the outbox's terms: `refused` the message itself, for
 * good (no such chat, a malformed message); `blocked` by the person (they never started the bot, or
 * stopped it); `flood`, asked to send nothing for `retryAfterS`; `unavailable`, no answer or a
 * server's failure, which says nothing about the message.
 */
export class MessengerError extends Error {
  constructor(
    message: string,
    readonly reason: 'refused' | 'blocked' | 'flood' | 'unavailable',
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'MessengerError';
  }
}

/**
 * What the app asks of a messenger: the outbox's sends, and whether someone is in the community
 * chat. Each adapter (telegram/telegram-messenger.ts) speaks its protocol behind it and throws only
 * MessengerError for a call that did not go.
 */
export interface MessengerPort {
  readonly messenger: TMessenger;
  /** A text message; the messenger's id of it (text: not every messenger's ids are numbers). */
  sendText(
    chatId: number,
    text: string,
    buttons: MessageButtons | null,
    signal: AbortSignal,
  ): Promise<string>;
  /** A picture with its caption; the messenger's id of the message. */
  sendPhoto(
    chatId: number,
    photo: { png: Buffer; fileName: string },
    caption: string,
    buttons: MessageButtons | null,
    signal: AbortSignal,
  ): Promise<string>;
  /**
   * A sent picture's caption made `caption`, its buttons kept: `gone` when the person deleted the
   * message, `unchanged` when it already said so (an earlier try got through unrecorded).
   */
  editCaption(
    chatId: number,
    messageId: string,
    caption: string,
    buttons: MessageButtons | null,
    signal: AbortSignal,
  ): Promise<'edited' | 'unchanged' | 'gone'>;
  /** Whether the person is in the chat now; false too when the messenger says they never were. */
  isMember(chatId: string, userId: number, signal: AbortSignal): Promise<boolean>;
}
