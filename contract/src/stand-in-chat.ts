import { z } from 'zod';

/**
 * The local stand-in's chat with the bot (ARCHITECTURE §4): what the bot sent a person through the
 * stand-in's own Bot API, shaped as Telegram's Message is, and what the person does there.
 */

/** A button under a message (Telegram's InlineKeyboardButton, the kinds the bot sends). */
export const ZStandInButton = z.object({
  text: z.string(),
  callbackData: z.string().optional(),
  /** A web_app button's address, or a link (a t.me/<bot>?startapp=… link opens the app). */
  url: z.string().optional(),
  webApp: z.boolean(),
});
export type TStandInButton = z.infer<typeof ZStandInButton>;

export const ZStandInMessage = z.object({
  messageId: z.number().int(),
  /** The bot wrote it, or the person (a reply to a force_reply prompt). */
  from: z.enum(['bot', 'person']),
  /** ISO instant it was sent. */
  sentAt: z.string(),
  /** The text, or a photo's caption (as edited last). */
  text: z.string(),
  /** The bold, italic, code and link spans of `text` (Telegram's MessageEntity, in UTF-16 units). */
  entities: z.array(
    z.object({ type: z.string(), offset: z.number(), length: z.number(), url: z.string().optional() }),
  ),
  /** A photo's address on the stand-in (the QR), when it is one. */
  photoUrl: z.string().optional(),
  /** When its caption or text was edited last. */
  editedAt: z.string().optional(),
  buttons: z.array(z.array(ZStandInButton)),
  /** A force_reply prompt: the person's answer goes as a reply to it. */
  forceReply: z.object({ placeholder: z.string().optional() }).optional(),
  replyToMessageId: z.number().int().optional(),
});
export type TStandInMessage = z.infer<typeof ZStandInMessage>;

export const ZStandInChatQuery = z.object({
  /** The version the caller has: the answer waits (up to 25 s) for a newer one. */
  since: z.coerce.number().int().min(0).optional(),
});

export const ZStandInChat = z.object({
  /** The stand-in bot's username (t.me links name it). */
  botUsername: z.string(),
  /** Grows with every message sent or edited: the caller's `since` next time. */
  version: z.number().int(),
  /** Oldest first. */
  messages: z.array(ZStandInMessage),
});
export type TStandInChat = z.infer<typeof ZStandInChat>;

export const ZStandInUserParams = z.object({ userId: z.coerce.number().int() });

/** A tap on a callback button. */
export const ZStandInCallbackRequest = z.object({
  messageId: z.number().int(),
  data: z.string().min(1).max(64),
});
/** What the bot answered the tap with (answerCallbackQuery): a toast, or an alert to dismiss. */
export const ZStandInCallbackResponse = z.object({
  answer: z.object({ text: z.string().optional(), showAlert: z.boolean() }).nullable(),
});
export type TStandInCallbackResponse = z.infer<typeof ZStandInCallbackResponse>;

/** The person writes to the bot, as a reply to a force_reply prompt or not. */
export const ZStandInMessageRequest = z.object({
  text: z.string().trim().min(1).max(4096),
  replyToMessageId: z.number().int().optional(),
});

/** Opens the app as a person the server has never seen, through a t.me link's `startapp`. */
export const ZStandInNewPersonRequest = z.object({
  startParam: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
});
