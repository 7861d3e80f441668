import { createContext, useContext, useMemo } from 'react';
import { dayIn, formatDateTimeIn, formatDay, formatTimeIn, zoneNote } from '#contract/date-time';
import { DEFAULT_REPORT_TIME_ZONE } from '#contract/time-zone';

/**
 * The server's REPORT_TIME_ZONE, which /api/me names: every screen reads times on the clock the
 * server cuts periods and writes its exports on, never on the phone's own, so a gift reads the same
 * in «Мои QR», «Мои данные» and an admin's CSV.
 */
export const ClockZone = createContext(DEFAULT_REPORT_TIME_ZONE);

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
