import { createContext } from 'react';
import { DEFAULT_REPORT_TIME_ZONE } from '#contract/time-zone';

/**
 * The server's REPORT_TIME_ZONE, which /api/me names: every screen reads times on the clock the
 * server cuts periods and writes its exports on, never on the phone's own, so a gift reads the same
 * in «Мои QR», «Мои данные» and an admin's CSV. Apart from use-clock.ts: the entry provides it
 * without carrying the formatters, which only screens that show a time load.
 */
export const ClockZone = createContext(DEFAULT_REPORT_TIME_ZONE);
