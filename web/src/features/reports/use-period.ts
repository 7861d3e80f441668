import { useState } from 'react';
import { useClock } from '@/hooks/use-clock';
import { checkPeriod, type Period, thisMonth } from './period';

/**
 * A report's period as typed, starting with this month (or `start`'s) unless told otherwise: `valid` is it when it
 * can be asked for (null otherwise), `problem` says why not.
 */
export function usePeriod(initial?: Partial<Period>, start: (timeZone: string) => Period = thisMonth) {
  const { timeZone } = useClock();
  const [period, setPeriod] = useState<Period>(() => ({ ...start(timeZone), ...initial }));
  const checked = checkPeriod(period);
  return {
    period,
    setPeriod,
    valid: 'period' in checked ? checked.period : null,
    problem: 'problem' in checked ? checked.problem : undefined,
  };
}
