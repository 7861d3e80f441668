import { EVERY_FIVE_MINUTES } from '../../jobs/maintenance.ts';
import { type Core, manifest } from '../manifest.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { reminderHandlers } from './reminders.inbound.ts';
import { createReminderService } from './reminders.service.ts';

/** The bot's reminders of coupons before their last day and of held gifts before they return. */
export const remindersManifest = manifest({
  name: 'reminders',
  make: ({
    config,
    db,
    log,
    timeZone,
    notifications,
  }: Pick<Core, 'config' | 'db' | 'log' | 'timeZone'> & {
    notifications: NotificationService;
  }) => {
    const reminders = createReminderService({
      db,
      notifications,
      timeZone,
      daysBefore: config.reminderDaysBefore,
      log,
      anyHour: config.localStandIn,
    });
    return {
      gives: { reminders },
      inbound: reminderHandlers(reminders),
      sweeps: {
        reminders: { name: 'reminders', every: EVERY_FIVE_MINUTES, run: reminders.sendDueReminders },
      },
    };
  },
});
