import type { FastifyBaseLogger } from 'fastify';
import { repeat } from './repeat.ts';
import type { SweepClock } from './sweep-clock.ts';

/** How often the maintenance wakes to run the sweeps that are due: no sweep runs more often. */
export const EVERY_FIVE_MINUTES = 5 * 60_000;
export const ONCE_A_DAY = 24 * 3600_000;

/** A background sweep, as a module's manifest declares it. */
export interface Sweep {
  /** Its name in the log and in the metrics' last successes (`background_sweep_last_success_timestamp_seconds{sweep}`). */
  name: string;
  /** The least time between two runs: EVERY_FIVE_MINUTES or longer. */
  every: number;
  run: () => Promise<unknown>;
}

/** Sweeps under the names tests run one by. */
export type SweepTable = Record<string, Sweep>;

/**
 * The background maintenance main.ts starts: every five minutes each sweep that is due, in turn,
 * each on its own (one failing does not keep the others from running). `sweeps` runs one at once,
 * by name, as the tests do.
 */
export function createMaintenance<Sweeps extends SweepTable>(options: {
  sweeps: Sweeps;
  log: FastifyBaseLogger;
  /** Told of each sweep that went through (the metrics' last success). */
  clock?: SweepClock;
}) {
  const { log, clock } = options;
  const lastRanAt = new Map<Sweep, number>();
  const worker = repeat(
    'maintenance',
    async () => {
      for (const sweep of Object.values(options.sweeps)) {
        // Due at the wake nearest its time: wakes are five minutes apart after a run, give or take.
        const due = Date.now() - (lastRanAt.get(sweep) ?? 0) > sweep.every - EVERY_FIVE_MINUTES / 2;
        // A sweep resting until it is due has not stalled: its last success moves on with the
        // others', so an alert on any sweep's age does not fire between a daily sweep's runs.
        if (!due) {
          clock?.succeeded(sweep.name);
          continue;
        }
        // Marked before it runs: a failed run waits for its next turn, as a run that went through.
        lastRanAt.set(sweep, Date.now());
        await sweep.run().then(
          () => clock?.succeeded(sweep.name),
          (err: unknown) => log.error({ err }, `${sweep.name} sweep failed`),
        );
      }
      return { more: false };
    },
    { intervalMs: EVERY_FIVE_MINUTES, log },
  );
  const sweeps = Object.fromEntries(
    Object.entries(options.sweeps).map(([key, sweep]) => [key, sweep.run]),
  ) as { [Key in keyof Sweeps]: Sweeps[Key]['run'] };
  return { ...worker, sweeps };
}

export type Maintenance<Sweeps extends SweepTable> = ReturnType<typeof createMaintenance<Sweeps>>;
