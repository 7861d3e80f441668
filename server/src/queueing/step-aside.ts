import { toTheBackOfTheQueue } from './arrival-order.ts';

/**
 * Lets the event loop take what has come in (other people's requests) before going on, and puts
 * the request under way behind them in PGlite's line.
 *
 * PGlite runs a statement inside this process, synchronously, and answers through a promise: a
 * chain of statements (a report read page by page) is then one unbroken run of microtasks, and no
 * request that arrived meanwhile is even read until the whole chain is done. And its statements go
 * in their requests' arrival order (arrival-order.ts), where a long report, older than every poll
 * that came while it ran, would go first each time. Work made of many statements steps aside
 * between them; on PostgreSQL this costs one turn of the loop.
 */
export async function stepAside(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  toTheBackOfTheQueue();
}
