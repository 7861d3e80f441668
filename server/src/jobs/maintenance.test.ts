import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMaintenance, EVERY_FIVE_MINUTES, ONCE_A_DAY } from './maintenance.ts';
import { createSweepClock } from './sweep-clock.ts';

const log = () => ({ error: vi.fn() }) as unknown as Parameters<typeof createMaintenance>[0]['log'];

/** Lets the timers due by now and the sweeps they start run. */
const wake = async (ms: number) => {
  await vi.advanceTimersByTimeAsync(ms);
};

describe('the maintenance', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-12-07T03:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('runs each sweep when it is due, each under its name, and one failing keeps none from running', async () => {
    const ran: string[] = [];
    const errors = log();
    const clock = createSweepClock();
    const maintenance = createMaintenance({
      sweeps: {
        payments: {
          name: 'stale payments',
          every: EVERY_FIVE_MINUTES,
          run: async () => ran.push('payments'),
        },
        broken: { name: 'broken', every: EVERY_FIVE_MINUTES, run: () => Promise.reject(new Error('no')) },
        retention: { name: 'retention', every: ONCE_A_DAY, run: async () => ran.push('retention') },
      },
      log: errors,
      clock,
    });
    maintenance.start();
    await wake(0);
    expect(ran).toEqual(['payments', 'retention']);
    expect([...clock.lastSuccesses().keys()].sort()).toEqual(['retention', 'stale payments']);
    expect(errors.error).toHaveBeenCalledWith({ err: new Error('no') }, 'broken sweep failed');

    // Five minutes on: the daily sweep rests, and its last success moves on with the others'.
    await wake(EVERY_FIVE_MINUTES);
    expect(ran).toEqual(['payments', 'retention', 'payments']);
    expect(clock.lastSuccesses().get('retention')).toBe(Date.now());

    // A day on, it runs again.
    await wake(ONCE_A_DAY - EVERY_FIVE_MINUTES);
    expect(ran.filter((sweep) => sweep === 'retention')).toHaveLength(2);
    await maintenance.stop();
  });

  it('hands each sweep to the tests by its key, as the module wrote it', async () => {
    const maintenance = createMaintenance({
      sweeps: { reminders: { name: 'reminders', every: EVERY_FIVE_MINUTES, run: async (now?: Date) => now } },
      log: log(),
    });
    const at = new Date('2026-12-10T12:00:00Z');
    expect(await maintenance.sweeps.reminders(at)).toBe(at);
  });
});
