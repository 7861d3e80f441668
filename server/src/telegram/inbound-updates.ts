import type { Bot } from 'grammy';
import type { InlineKeyboardButton, User } from 'grammy/types';
import type { MessengerInbound, MessengerPort, MessengerSender } from '../domain/messenger.ts';

/** An answer in the chat goes within this, or the person's next message tries again. */
const SAY_MS = 15_000;

const sender = (user: User): MessengerSender => ({ messenger: 'telegram', externalId: String(user.id) });

/** After a chosen button's words: Telegram draws no pressed state of its own. */
const CHOSEN = ' ✓';

/** `keyboard` with the button of `data` marked chosen and the others of its row unmarked. */
function markedChosen(keyboard: InlineKeyboardButton[][], data: string): InlineKeyboardButton[][] {
  return keyboard.map((row) =>
    row.some((button) => 'callback_data' in button && button.callback_data === data)
      ? row.map((button) => {
          const text = button.text.endsWith(CHOSEN) ? button.text.slice(0, -CHOSEN.length) : button.text;
          const chosen = 'callback_data' in button && button.callback_data === data;
          return { ...button, text: chosen ? `${text}${CHOSEN}` : text };
        })
      : row,
  );
}

/**
 * Telegram's updates carried to the app's inbound (messenger/inbound.ts), which decides: /start in a
 * private chat, a tap on a callback button, a text replying to one of the bot's messages, and any
 * other text there (another command, a question), which is answered too. grammY is only the
 * transport; `port` is Telegram's adapter, which draws the start's buttons as the outbox's. A tap
 * the app has no use for goes on to the bot's other handlers.
 */
export function registerInboundUpdates(bot: Bot, inbound: MessengerInbound, port: MessengerPort) {
  bot.chatType('private').command('start', async (ctx) => {
    await inbound.started({
      from: sender(ctx.from),
      payload: ctx.match || undefined,
      say: async (text, buttons) => {
        await port.sendText(ctx.chat.id, text, buttons, AbortSignal.timeout(SAY_MS));
      },
    });
  });

  bot.on('callback_query:data', async (ctx, next) => {
    const taken = await inbound.pressed({
      from: sender(ctx.from),
      data: ctx.callbackQuery.data,
      answer: async (text, options) => {
        await ctx.answerCallbackQuery({ text, ...(options?.alert ? { show_alert: true } : {}) });
      },
      ask: async (text, placeholder) => {
        const question = await ctx.api.sendMessage(ctx.from.id, text, {
          reply_markup: { force_reply: true, input_field_placeholder: placeholder },
        });
        return String(question.message_id);
      },
      markChosen: async () => {
        const keyboard = ctx.callbackQuery.message?.reply_markup?.inline_keyboard;
        if (!keyboard) return;
        const marked = markedChosen(keyboard, ctx.callbackQuery.data);
        // Telegram refuses an edit that changes nothing (the same button tapped again).
        if (JSON.stringify(marked) === JSON.stringify(keyboard)) return;
        await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: marked } });
      },
    });
    if (!taken) await next();
  });

  bot.chatType('private').on('message:text', async (ctx) => {
    const answered = ctx.message.reply_to_message?.message_id;
    const taken =
      answered !== undefined &&
      (await inbound.replied({
        from: sender(ctx.from),
        toMessageId: String(answered),
        text: ctx.message.text,
        say: async (text) => {
          await ctx.reply(text);
        },
      }));
    if (taken) return;
    await inbound.wrote({
      from: sender(ctx.from),
      text: ctx.message.text,
      say: async (text, buttons) => {
        await port.sendText(ctx.chat.id, text, buttons, AbortSignal.timeout(SAY_MS));
      },
    });
  });
}
