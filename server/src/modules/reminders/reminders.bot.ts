import type { Bot } from 'grammy';
import { REMINDERS_OFF_CALLBACK, type ReminderService } from './reminders.service.ts';
import { reminderBotTexts } from './texts.ts';

/** «Не напоминать» under a reminder: turns the person's reminders off, and says how to turn them on. */
export function registerReminderButtons(bot: Bot, reminders: ReminderService) {
  bot.callbackQuery(REMINDERS_OFF_CALLBACK, async (ctx) => {
    await reminders.setRemindersOn(ctx.from.id, false);
    await ctx.answerCallbackQuery({ text: reminderBotTexts.turnedOff, show_alert: true });
  });
}
