import { describe, expect, it } from 'vitest';
import { formatDay, monthStart, today } from '../dates';

describe('dates', () => {
  it('writes a day as ДД.ММ.ГГГГ', () => {
    expect(formatDay('2027-09-30')).toBe('30.09.2027');
  });

  it('names today and its month’s first day in the zone it is given', () => {
    const lateEveningUtc = new Date('2026-07-31T22:30:00.000Z');
    expect(today('Europe/Moscow', lateEveningUtc)).toBe('2026-08-01');
    expect(today('Europe/London', lateEveningUtc)).toBe('2026-07-31');
    expect(monthStart('2026-08-17')).toBe('2026-08-01');
  });
});
