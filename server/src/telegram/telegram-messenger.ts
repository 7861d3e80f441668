import { type Api, GrammyError, InputFile } from 'grammy';
import type { InlineKeyboardButton, InlineKeyboardMarkup } from 'grammy/types';
import {
  type MessageButtons,
  type MessengerDocument,
  MessengerError,
  type MessengerPort,
} from '../domain/messenger.ts';
import { grammySignal } from './bot-api.ts';
import { createBotUsername } from './bot-username.ts';
import { isMemberStatus } from './member-status.ts';

/** A 429 without `retry_after` (Telegram always sends one; a proxy might not). */
const DEFAULT_RETRY_AFTER_S = 5;

/**
 * Telegram behind the messenger port: the Bot API's calls, its inline keyboard, and its errors told
 * as the port's. `appUrl` is the app's address: a button opening the app is a web_app button, which
 * Telegram takes only over https (the local stand-in's own Telegram takes its http one); without it
 * such buttons are left out. `documents`: whether its bot sends files (the stand-in's does not).
 */
export function createTelegramMessenger(
  api: Api,
  options: { appUrl?: string; documents?: boolean } = {},
): MessengerPort {
  const { appUrl, documents = true } = options;
  const botUsername = createBotUsername(api);
  const appLink = async (startParam: string) => `https://t.me/${await botUsername()}?startapp=${startParam}`;

  const keyboard = async (
    buttons: MessageButtons | null,
  ): Promise<{ reply_markup?: InlineKeyboardMarkup }> => {
    const rows: InlineKeyboardButton[][] = [];
    for (const row of buttons ?? []) {
      const drawn: InlineKeyboardButton[] = [];
      for (const button of row) {
        if ('callback' in button) drawn.push({ text: button.text, callback_data: button.callback });
        else if ('url' in button) drawn.push({ text: button.text, url: button.url });
        // A t.me link, not web_app: only the link carries the start parameter into the app.
        else if ('startParam' in button)
          drawn.push({ text: button.text, url: await appLink(button.startParam) });
        else if (appUrl) drawn.push({ text: button.text, web_app: { url: `${appUrl}${button.app}` } });
      }
      if (drawn.length > 0) rows.push(drawn);
    }
    return rows.length > 0 ? { reply_markup: { inline_keyboard: rows } } : {};
  };

  /** Telegram's refusal or silence, as the port says it. */
  const told = (error: unknown): unknown => {
    if (error instanceof GrammyError) {
      if (error.error_code === 429)
        return new MessengerError(
          error.message,
          'flood',
          error.parameters.retry_after ?? DEFAULT_RETRY_AFTER_S,
        );
      if (error.error_code === 403) return new MessengerError(error.message, 'blocked');
      if (error.error_code === 400) return new MessengerError(error.message, 'refused');
    }
    // A 5xx, a relay's error page, no answer, a timeout: nothing said of the message.
    return new MessengerError(error instanceof Error ? error.message : String(error), 'unavailable');
  };
  /** A call to Telegram whose failure is the port's MessengerError. */
  async function telling<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw told(error);
    }
  }

  return {
    messenger: 'telegram',
    sendText: (chatId, text, buttons, signal) =>
      telling(async () => {
        const message = await api.sendMessage(
          chatId,
          text,
          { ...(await keyboard(buttons)), link_preview_options: { is_disabled: true } },
          grammySignal(signal),
        );
        return String(message.message_id);
      }),
    sendPhoto: (chatId, photo, caption, buttons, signal) =>
      telling(async () => {
        const message = await api.sendPhoto(
          chatId,
          new InputFile(photo.png, photo.fileName),
          { caption, ...(await keyboard(buttons)) },
          grammySignal(signal),
        );
        return String(message.message_id);
      }),
    async editCaption(chatId, messageId, caption, buttons, signal) {
      try {
        // The keyboard is sent again: an edit without it would take the buttons away.
        await api.editMessageCaption(
          chatId,
          Number(messageId),
          { caption, ...(await keyboard(buttons)) },
          grammySignal(signal),
        );
        return 'edited';
      } catch (error) {
        if (error instanceof GrammyError && /message is not modified/i.test(error.description))
          return 'unchanged';
        if (error instanceof GrammyError && /message to edit not found/i.test(error.description))
          return 'gone';
        throw told(error);
      }
    },
    async isMember(chatId, userId, signal) {
      try {
        return isMemberStatus(await api.getChatMember(chatId, userId, grammySignal(signal)));
      } catch (error) {
        // «user not found», PARTICIPANT_ID_INVALID: never was in the chat.
        if (error instanceof GrammyError && error.error_code === 400) return false;
        throw told(error);
      }
    },
    appLink: (startParam) => telling(() => appLink(startParam)),
    botLink: (payload) => telling(async () => `https://t.me/${await botUsername()}?start=${payload}`),
    shareLink: (url, text) => `https://t.me/share/url?${new URLSearchParams({ url, text })}`,
    ...(documents
      ? {
          sendDocument: (chatId: number, document: MessengerDocument, signal: AbortSignal) =>
            telling(async () => {
              await api.sendDocument(
                chatId,
                new InputFile(document.bytes, document.fileName),
                {},
                grammySignal(signal),
              );
            }),
        }
      : {}),
    prepareShare: (userId, message, signal) =>
      telling(async () => {
        const prepared = await api.savePreparedInlineMessage(
          userId,
          {
            type: 'article',
            id: message.id,
            title: message.title,
            description: message.description,
            input_message_content: { message_text: message.text },
            reply_markup: { inline_keyboard: [[{ text: message.button.text, url: message.button.url }]] },
          },
          { allow_user_chats: true, allow_group_chats: true },
          grammySignal(signal),
        );
        return prepared.id;
      }),
  };
}
