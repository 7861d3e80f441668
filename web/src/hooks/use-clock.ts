import { useContext, useMemo } from 'react';
import { dayIn, formatDateTimeIn, formatDay, formatTimeIn, zoneNote } from '#contract/date-time';
import { ClockZone } from './clock-zone';

export type Clock = {
  timeZone: string;
  /**
   * ДД.ММ.ГГГГ ЧЧ:ММ and whose clock it is («по Москве»): a buyer two zones east, or an admin
   * travelling, would otherwise read it as their own.
   */
  dateTime: (iso: string) => string;
  /** ДД.ММ.ГГГГ of the moment. */
  date: (iso: string) => string;
  /** ЧЧ:ММ. */
  time: (iso: string) => string;
  /** «по Москве». */
  note: string;
};

export function clockIn(timeZone: string): Clock {
  const note = zoneNote(timeZone);
  return {
    timeZone,
    dateTime: (iso) => `${formatDateTimeIn(new Date(iso), timeZone)} ${zoneNote(timeZone, new Date(iso))}`,
    date: (iso) => formatDay(dayIn(timeZone, new Date(iso))),
    time: (iso) => formatTimeIn(new Date(iso), timeZone),
    note,
  };
}

/** The product's one clock: every date and time a screen shows goes through it. */
export function useClock(): Clock {
  const timeZone = useContext(ClockZone);
  return useMemo(() => clockIn(timeZone), [timeZone]);
}
