import { describe, expect, it } from 'vitest';
import { daysInPeriod, formatShortDay, mondayOf, sundayOf, weeksOf } from './weeks.ts';

describe('weeks', () => {
  it('begin on Mondays, across months and years', () => {
    expect(mondayOf('2026-06-03')).toBe('2026-06-01');
    expect(mondayOf('2026-06-01')).toBe('2026-06-01');
    expect(mondayOf('2026-06-07')).toBe('2026-06-01');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(sundayOf('2026-12-28')).toBe('2027-01-03');
    expect(weeksOf('2026-06-03', '2026-06-17')).toEqual(['2026-06-01', '2026-06-08', '2026-06-15']);
    expect(weeksOf('2026-06-07', '2026-06-07')).toEqual(['2026-06-01']);
    expect(formatShortDay('2026-06-08')).toBe('08.06');
    const period = { from: '2026-06-03', to: '2026-06-17' };
    expect(daysInPeriod('2026-06-01', period)).toEqual(['2026-06-03', '2026-06-07']);
    expect(daysInPeriod('2026-06-08', period)).toEqual(['2026-06-08', '2026-06-14']);
    expect(daysInPeriod('2026-06-15', period)).toEqual(['2026-06-15', '2026-06-17']);
  });
});
