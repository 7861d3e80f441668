import type { InboundHandlers } from '../../messenger/inbound.ts';
import { REMINDERS_OFF_CALLBACK, type ReminderService } from './reminders.service.ts';
import { reminderBotTexts } from './texts.ts';

/** «Не напоминать» under a reminder: turns the person's reminders off, and says how to turn them on. */
export function reminderHandlers(reminders: ReminderService): InboundHandlers {
  return {
    buttons: [
      {
        data: REMINDERS_OFF_CALLBACK,
        async press(userId, press) {
          await reminders.setRemindersOn(userId, false);
          await press.answer(reminderBotTexts.turnedOff, { alert: true });
        },
      },
    ],
  };
}
