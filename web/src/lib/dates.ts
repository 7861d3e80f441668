import { dayIn, formatDateTimeIn } from '#contract/date-time';
import { DEFAULT_REPORT_TIME_ZONE } from '#contract/time-zone';

/** A calendar day `YYYY-MM-DD` as people write it: ДД.ММ.ГГГГ. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

/** A moment as ДД.ММ.ГГГГ ЧЧ:ММ, Moscow time: report periods are cut in this zone on the server. */
export const formatDateTime = (iso: string) => formatDateTimeIn(new Date(iso), DEFAULT_REPORT_TIME_ZONE);

/** Today as `YYYY-MM-DD` in the zone report periods are cut in. */
export const today = (now = new Date()) => dayIn(DEFAULT_REPORT_TIME_ZONE, now);

/** The first day of `day`'s month. */
export const monthStart = (day: string) => `${day.slice(0, 8)}01`;
