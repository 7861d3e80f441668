import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, monthStart, today } from '../dates';

describe('dates', () => {
  it('writes a day as ДД.ММ.ГГГГ', () => {
    expect(formatDay('2027-09-30')).toBe('30.09.2027');
  });

  it('writes a moment as ДД.ММ.ГГГГ ЧЧ:ММ in Moscow time, where report periods are cut', () => {
    expect(formatDateTime('2026-07-01T21:05:00.000Z')).toBe('02.07.2026 00:05');
  });

  it('names today and its month’s first day in Moscow', () => {
    const lateEveningUtc = new Date('2026-07-31T22:30:00.000Z');
    expect(today(lateEveningUtc)).toBe('2026-08-01');
    expect(monthStart('2026-08-17')).toBe('2026-08-01');
  });
});
