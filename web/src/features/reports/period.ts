import { ZPeriodQuery } from '#contract/reports';
import { monthStart, today } from '@/lib/dates';

/** A period of days, both included, as `YYYY-MM-DD`. */
export type Period = { from: string; to: string };

/** This month so far: what a report shows first. */
export const thisMonth = (timeZone: string): Period => {
  const to = today(timeZone);
  return { from: monthStart(to), to };
};

/** The period if it can be asked for, or why not in the contract's words (a day missing, the start after the end). */
export function checkPeriod(period: Period): { period: Period } | { problem: string } {
  const parsed = ZPeriodQuery.safeParse(period);
  if (parsed.success) return { period };
  return { problem: parsed.error.issues[0]?.message ?? '' };
}

/** The rafting season so far: from the 1st of May (last year's before May) to today. */
export const seasonSoFar = (timeZone: string): Period => {
  const to = today(timeZone);
  const year = Number(to.slice(0, 4));
  return { from: `${to.slice(5) >= '05-01' ? year : year - 1}-05-01`, to };
};
