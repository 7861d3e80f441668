import { formatTimeIn } from '#contract/date-time';

/** Reminders are sent from 10:00 until 20:00 in the report time zone: nobody is woken by a coupon. */
export const REMINDER_HOURS = { from: 10, until: 20 } as const;

/** Whether `now` is within the reminder hours where `timeZone` counts its days. */
export function withinReminderHours(now: Date, timeZone: string): boolean {
  const hour = Number(formatTimeIn(now, timeZone).slice(0, 2));
  return hour >= REMINDER_HOURS.from && hour < REMINDER_HOURS.until;
}
