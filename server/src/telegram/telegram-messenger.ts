import { type Api, GrammyError, InputFile } from 'grammy';
import type { InlineKeyboardButton, InlineKeyboardMarkup } from 'grammy/types';
import { type MessageButtons, MessengerError, type MessengerPort } from '../domain/messenger.ts';
import { grammySignal } from './bot-api.ts';
import { isMemberStatus } from './member-status.ts';

/** A 429 without `retry_after` (Telegram always sends one; a proxy might not). */
const DEFAULT_RETRY_AFTER_S = 5;

/**
 * Telegram behind the outbox's port: the Bot API's calls, its inline keyboard, and its errors told
 * as the port's. `appUrl` is the app's address: a button opening the app is a web_app button, which
 * Telegram takes only over https (the local stand-in's own Telegram takes its http one); without it
 * such buttons are left out.
 */
export function createTelegramMessenger(api: Api, appUrl?: string): MessengerPort {
  const keyboard = (buttons: MessageButtons | null): { reply_markup?: InlineKeyboardMarkup } => {
    const rows = (buttons ?? [])
      .map((row) =>
        row.flatMap((button): InlineKeyboardButton[] => {
          if ('callback' in button) return [{ text: button.text, callback_data: button.callback }];
          if ('url' in button) return [{ text: button.text, url: button.url }];
          return appUrl ? [{ text: button.text, web_app: { url: `${appUrl}${button.app}` } }] : [];
        }),
      )
      .filter((row) => row.length > 0);
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
          { ...keyboard(buttons), link_preview_options: { is_disabled: true } },
          grammySignal(signal),
        );
        return String(message.message_id);
      }),
    sendPhoto: (chatId, photo, caption, buttons, signal) =>
      telling(async () => {
        const message = await api.sendPhoto(
          chatId,
          new InputFile(photo.png, photo.fileName),
          { caption, ...keyboard(buttons) },
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
          { caption, ...keyboard(buttons) },
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
  };
}
