/**
 * Days and moments as people here read them, in a time zone: the server's exports and answers and
 * the web's screens print them alike. No zod here: a first screen may print a time.
 */

/**
 * A formatter per zone, made on first use and kept: making one with a time zone costs tens of
 * milliseconds on a mid phone, too much to pay at a module's load or for every row of a list.
 */
function perZone(locale: string, options: Intl.DateTimeFormatOptions) {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (timeZone: string) => {
    let format = formats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      formats.set(timeZone, format);
    }
    return format;
  };
}

const dateTimeFormat = perZone('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

// Canada's English writes a day as ISO does: YYYY-MM-DD.
const isoDayFormat = perZone('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** `at` as ДД.ММ.ГГГГ ЧЧ:ММ in `timeZone`. */
export function formatDateTimeIn(at: Date, timeZone: string): string {
  const part = Object.fromEntries(
    dateTimeFormat(timeZone)
      .formatToParts(at)
      .map(({ type, value }) => [type, value]),
  );
  return `${part.day}.${part.month}.${part.year} ${part.hour}:${part.minute}`;
}

/** The day it is at `at` in `timeZone`, as `YYYY-MM-DD`. */
export const dayIn = (timeZone: string, at: Date): string => isoDayFormat(timeZone).format(at);
