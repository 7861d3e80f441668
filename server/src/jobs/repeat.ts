import type { FastifyBaseLogger } from 'fastify';
import type { SweepClock } from './sweep-clock.ts';

/**
 * A task run again and again in the background: every `intervalMs`, or soon (`moreAfterMs`) when a
 * run says there is more to do. A failed run is logged and the next one comes as usual; stopping waits
 * for a run under way, so the database is not closed under it.
 */
export function repeat(
  name: string,
  task: () => Promise<{ more: boolean }>,
  options: {
    intervalMs: number;
    /** The pause before the next run when one says there is more (none by default). */
    moreAfterMs?: number;
    log: Pick<FastifyBaseLogger, 'error'>;
    sweeps?: SweepClock;
  },
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;

  function schedule(ms: number) {
    timer = setTimeout(() => {
      timer = undefined;
      running = task()
        .then(({ more }) => {
          options.sweeps?.succeeded(name);
          return more;
        })
        .catch((err: unknown) => {
          options.log.error({ err }, `${name} run failed`);
          return false;
        })
        .then((more) => {
          running = undefined;
          if (!stopped) schedule(more ? (options.moreAfterMs ?? 0) : options.intervalMs);
        });
    }, ms);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
