import { DEFAULT_REPORT_TIME_ZONE } from '#contract/time-zone';

/** A calendar day `YYYY-MM-DD` as people write it: ДД.ММ.ГГГГ. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

/**
 * Made on first use: a formatter with a time zone costs tens of milliseconds on a mid phone, too
 * much for a screen's first paint to wait on when it shows no times (My QR).
 */
function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

// Report periods are cut in this zone on the server, so the times beside them are read in it too.
const dateTimeParts = lazily(
  () =>
    new Intl.DateTimeFormat('ru-RU', {
      timeZone: DEFAULT_REPORT_TIME_ZONE,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

/** A moment as ДД.ММ.ГГГГ ЧЧ:ММ, Moscow time. */
export function formatDateTime(iso: string): string {
  const part = Object.fromEntries(
    dateTimeParts()
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${part.day}.${part.month}.${part.year} ${part.hour}:${part.minute}`;
}

const ISO_DAY = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
const dayParts = lazily(
  () => new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_REPORT_TIME_ZONE, ...ISO_DAY }),
);

/** Today as `YYYY-MM-DD` in the zone report periods are cut in. */
export const today = (now = new Date()) => dayParts().format(now);

/** The day it is at `now` in `timeZone`, as `YYYY-MM-DD`. */
export const dayIn = (timeZone: string, now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, ...ISO_DAY }).format(now);

/** The first day of `day`'s month. */
export const monthStart = (day: string) => `${day.slice(0, 8)}01`;
