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

function partsIn(at: Date, timeZone: string): Record<string, string> {
  return Object.fromEntries(
    dateTimeFormat(timeZone)
      .formatToParts(at)
      .map(({ type, value }) => [type, value]),
  );
}

/** `at` as ДД.ММ.ГГГГ ЧЧ:ММ in `timeZone`. */
export function formatDateTimeIn(at: Date, timeZone: string): string {
  const part = partsIn(at, timeZone);
  return `${part.day}.${part.month}.${part.year} ${part.hour}:${part.minute}`;
}

/** `at` as ЧЧ:ММ in `timeZone`: a time under a day already named. */
export function formatTimeIn(at: Date, timeZone: string): string {
  const part = partsIn(at, timeZone);
  return `${part.hour}:${part.minute}`;
}

/** The day it is at `at` in `timeZone`, as `YYYY-MM-DD`. */
export const dayIn = (timeZone: string, at: Date): string => isoDayFormat(timeZone).format(at);

/** A calendar day `YYYY-MM-DD` as people write it: ДД.ММ.ГГГГ. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

/** Russia's zones by the city people name them after, in the form «по Москве» takes. */
const ZONE_CITIES: Record<string, string> = {
  'Europe/Kaliningrad': 'Калининграду',
  'Europe/Moscow': 'Москве',
  'Europe/Samara': 'Самаре',
  'Asia/Yekaterinburg': 'Екатеринбургу',
  'Asia/Omsk': 'Омску',
  'Asia/Novosibirsk': 'Новосибирску',
  'Asia/Krasnoyarsk': 'Красноярску',
  'Asia/Irkutsk': 'Иркутску',
  'Asia/Yakutsk': 'Якутску',
  'Asia/Vladivostok': 'Владивостоку',
  'Asia/Magadan': 'Магадану',
  'Asia/Kamchatka': 'Камчатке',
};

const offsetFormat = perZone('ru-RU', { timeZoneName: 'shortOffset' });

/**
 * Whose clock a time is on, to follow it: «по Москве», or «по времени GMT+5» for a zone not named
 * above, with its offset at `at` (summer and winter differ).
 */
export function zoneNote(timeZone: string, at = new Date()): string {
  const city = ZONE_CITIES[timeZone];
  if (city) return `по ${city}`;
  const offset = offsetFormat(timeZone)
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return `по времени ${offset ?? timeZone}`;
}
