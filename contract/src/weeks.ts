import { formatDay } from './date-time.ts';
import { type TWeekFigures, WEEK_FIGURES } from './reports.ts';

/**
 * Weeks of the reports' charts and exports: Monday to Sunday, as calendar days `YYYY-MM-DD` of
 * REPORT_TIME_ZONE (the server cuts them there). Apart from date-time.ts, whose formatting it
 * borrows, so that the first screens, which load date-time.ts, do not carry what only the report
 * screens need.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const dayAt = (day: string) => new Date(`${day}T00:00:00Z`).getTime();
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The Monday of the week a calendar day falls in. */
export function mondayOf(day: string): string {
  return dayOf(dayAt(day) - ((new Date(dayAt(day)).getUTCDay() + 6) % 7) * DAY_MS);
}

/** The Sunday that ends the week of a Monday. */
export const sundayOf = (monday: string): string => dayOf(dayAt(monday) + 6 * DAY_MS);

/** The Mondays of every week from the one `from` falls in to the one `to` falls in. */
export function weeksOf(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let at = dayAt(mondayOf(from)); at <= dayAt(mondayOf(to)); at += 7 * DAY_MS) weeks.push(dayOf(at));
  return weeks;
}

/** A calendar day as ДД.ММ: a week in a chart's narrow label, its year named by the period. */
export const formatShortDay = (day: string): string => formatDay(day).slice(0, 5);

/**
 * The first and last days of a week that a period holds: the period's first and last weeks may be
 * cut by it. Days `YYYY-MM-DD` compare as text.
 */
export function daysInPeriod(monday: string, period: { from: string; to: string }): [string, string] {
  const [, first = monday] = [monday, period.from].sort();
  const [last = monday] = [sundayOf(monday), period.to].sort();
  return [first, last];
}

/** A week in which nothing happened. */
const NO_FIGURES = Object.fromEntries(WEEK_FIGURES.map((key) => [key, 0])) as Omit<TWeekFigures, 'week'>;

/** Every week of a period, in order: those of `weeks`, and the ones it leaves out as zeros. */
export function everyWeekOf(
  period: { from: string; to: string },
  weeks: readonly TWeekFigures[],
): TWeekFigures[] {
  const byWeek = new Map(weeks.map((week) => [week.week, week]));
  return weeksOf(period.from, period.to).map((week) => byWeek.get(week) ?? { week, ...NO_FIGURES });
}
