import { dayIn } from '#contract/date-time';

export { formatDay } from '#contract/date-time';

/** Today as `YYYY-MM-DD` in `timeZone`, the zone report periods are cut in. */
export const today = (timeZone: string, now = new Date()) => dayIn(timeZone, now);

/** The first day of `day`'s month. */
export const monthStart = (day: string) => `${day.slice(0, 8)}01`;
