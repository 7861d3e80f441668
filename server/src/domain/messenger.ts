import { MESSENGER_NAMES, type TMessenger } from '#contract/messengers';

export { MESSENGER_NAMES };

/** The messengers with a bot here, by name, for a text that cannot know whose it is: «Telegram или MAX». */
export const messengerNamesOf = (messengers: Messengers) =>
  (Object.keys(messengers) as TMessenger[])
    .filter((name) => messengers[name])
    .map((name) => MESSENGER_NAMES[name])
    .join(' или ');

/**
 * A button under a bot's message, as every messenger has one (ADR 0019): the app opened on one of
 * its paths (Telegram: a web_app button; MAX: open_app), the app opened through the messenger's
 * deep link with a start parameter (`appLink`: the app then knows what it was opened for), a tap
 * the bot answers (Telegram's callback_data, MAX's callback payload), or a link.
 */
export type MessageButton =
  | { text: string; app: string }
  | { text: string; startParam: string }
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

/** A file a person asked for (an export, «Мои данные»), sent into their chat with the bot. */
export interface MessengerDocument {
  bytes: Buffer;
  fileName: string;
}

/**
 * A message the app lets a person share into a chat of their choosing (a gift's «вам подарок»):
 * its words, and one link button under them.
 */
export interface SharedMessage {
  /** Ours, unique per message shared (the messenger may keep one per id). */
  id: string;
  /** What the person sees while choosing it. */
  title: string;
  description: string;
  text: string;
  button: { text: string; url: string };
}

/**
 * What the app asks of a messenger: the outbox's sends, whether someone is in the community chat,
 * the links that open the app in it, and what only some messengers can do (the optional members:
 * a caller without one tells the person what to do instead). Each adapter
 * (telegram/telegram-messenger.ts) speaks its protocol behind it and throws only MessengerError
 * for a call that did not go.
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
  /**
   * The link that opens the app in this messenger with `startParam` (Telegram:
   * `https://t.me/<bot>?startapp=…`), for a mail, a button or a share; MessengerError when the
   * messenger cannot be asked what it is now.
   */
  appLink(startParam: string): Promise<string>;
  /**
   * The link that opens a chat with this messenger's bot, which starts with `payload` (Telegram:
   * `https://t.me/<bot>?start=…`, MAX: `https://max.ru/<bot>?start=…`); MessengerError as `appLink`.
   */
  botLink(payload: string): Promise<string>;
  /** A link that offers the person's contacts `url` with `text`, where the messenger has one (Telegram's t.me/share/url). */
  shareLink?(url: string, text: string): string;
  /** A file into the person's chat with the bot (`chatId`), where the messenger's bot can send one. */
  sendDocument?(chatId: number, document: MessengerDocument, signal: AbortSignal): Promise<void>;
  /**
   * `message` kept for `userId` (the messenger's id of them) to share from the app, where the
   * messenger has that (Telegram's savePreparedInlineMessage, for the Mini App's shareMessage);
   * the messenger's id of it.
   */
  prepareShare?(userId: number, message: SharedMessage, signal: AbortSignal): Promise<string>;
}

/**
 * The messengers this process speaks, each by its adapter, made at start from the configuration:
 * Telegram's (or the local stand-in's), and any other whose bot is configured. A messenger missing
 * here has people but no bot: what is for them waits (and goes by e-mail when it may).
 */
export type Messengers = Partial<Record<TMessenger, MessengerPort>>;

/** Who wrote or tapped: the messenger and the id it knows them by (`messenger_identities`). */
export interface MessengerSender {
  messenger: TMessenger;
  externalId: string;
}

/** A tap on a button's `callback`, as an adapter hands it to the app. */
export interface ButtonPress {
  from: MessengerSender;
  /** The button's `callback`. */
  data: string;
  /**
   * The short answer the person sees to their tap (Telegram: answerCallbackQuery), `alert` one
   * they close themselves. Every tap is answered once: Telegram keeps the button spinning until.
   */
  answer(text: string, options?: { alert?: boolean }): Promise<void>;
  /**
   * A question in the chat whose answer comes back as a `Reply` to it (Telegram: force_reply with
   * `placeholder` in the input field); the messenger's id of the question.
   */
  ask(text: string, placeholder: string): Promise<string>;
  /**
   * The tapped button marked as the one chosen of its row (a tap on another moves the mark), the
   * message's other buttons kept, where the messenger lets the bot redraw a sent message's buttons.
   */
  markChosen?(): Promise<void>;
}

/** A text the person wrote to the bot in answer to one of its messages. */
export interface Reply {
  from: MessengerSender;
  /** The messenger's id of the bot's message it answers. */
  toMessageId: string;
  text: string;
  /** An answer in the chat. */
  say(text: string): Promise<void>;
}

/** A text the person wrote to the bot that answers nothing the app asked: a question, a command it has not. */
export interface Written {
  from: MessengerSender;
  text: string;
  /** An answer in the chat, with buttons drawn as the adapter draws the outbox's. */
  say(text: string, buttons: MessageButtons | null): Promise<void>;
}

/** Someone started the bot (Telegram's /start, MAX's bot_started). */
export interface BotStarted {
  from: MessengerSender;
  /** What the link that started it carried (Telegram's /start parameter, MAX's `payload`), if anything. */
  payload: string | undefined;
  /** A message in the chat, with buttons drawn as the adapter draws the outbox's. */
  say(text: string, buttons: MessageButtons | null): Promise<void>;
}

/**
 * What the app does with what people send its bot, whichever messenger carries it: each adapter's
 * transport (telegram/bot.ts for grammY) turns its updates into these calls, and the app's
 * handlers decide (messenger/inbound.ts).
 */
export interface MessengerInbound {
  /** False when the app has no use for the button's data (another handler of the adapter's may). */
  pressed(press: ButtonPress): Promise<boolean>;
  /** False when the reply answers nothing the app asked (an ordinary message to the bot). */
  replied(reply: Reply): Promise<boolean>;
  started(start: BotStarted): Promise<void>;
  /** Told what the bot is for and where things are done: a bot that said nothing would seem broken. */
  wrote(written: Written): Promise<void>;
  /** Someone seen joining (`member`), leaving or writing in the community chat. */
  seenInCommunity(seen: CommunitySighting): Promise<void>;
}

/** A person as the community chat's messenger shows them when they join, leave or write. */
export interface CommunitySighting {
  from: MessengerSender;
  username: string | null;
  firstName: string;
  lastName: string | null;
  member: boolean;
}
