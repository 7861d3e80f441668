/**
 * When each background sweep of this process last finished without failing. A sweep that fails
 * every time only logs an error a run; its age here is what an operator's alert can watch.
 */
export function createSweepClock() {
  const last = new Map<string, number>();
  return {
    succeeded(name: string) {
      last.set(name, Date.now());
    },
    /** Each sweep's last success, milliseconds since the epoch. */
    lastSuccesses(): ReadonlyMap<string, number> {
      return last;
    },
  };
}

export type SweepClock = ReturnType<typeof createSweepClock>;
