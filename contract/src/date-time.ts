/**
 * A moment as people here write it, ДД.ММ.ГГГГ ЧЧ:ММ, in a time zone: the server's exports and the
 * web's screens print times alike. No zod here: a first screen may print a time.
 */

/**
 * One formatter per zone, made on first use and kept: making one with a time zone costs tens of
 * milliseconds on a mid phone, too much to pay at a module's load or for every row of a report.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('ru-RU', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** `at` as ДД.ММ.ГГГГ ЧЧ:ММ in `timeZone`. */
export function formatDateTimeIn(at: Date, timeZone: string): string {
  const part = Object.fromEntries(
    dateTimeFormat(timeZone)
      .formatToParts(at)
      .map(({ type, value }) => [type, value]),
  );
  return `${part.day}.${part.month}.${part.year} ${part.hour}:${part.minute}`;
}
