import { CallerGoneError } from './arrival-order.ts';
import { WaitRefusedError } from './wait-refused.ts';

interface Waiter {
  gone: () => boolean;
  go: () => void;
  drop: (error: Error) => void;
  deadline: ReturnType<typeof setTimeout>;
}

/**
 * A gate per key: at most `underWay` callers of one key past it at once in this process, the rest
 * waiting in the order they came, holding nothing but memory. A turn is handed on by the one
 * leaving, never left free between them, so nobody who came later overtakes one waiting. A caller
 * that has gone while it waited is passed over when its turn comes (`CallerGoneError`).
 *
 * Bound: `waiting` callers of one key; one more is refused at once. Deadline: `deadlineMs` of
 * waiting; then it is refused and leaves the queue. Both refusals are `WaitRefusedError`: the
 * server is busier than a person should wait for, and the answer says to try again.
 */
export function gateByKey(options: { underWay: number; waiting: number; deadlineMs: number }) {
  const queues = new Map<number, { underWay: number; waiting: Waiter[] }>();

  function leave(key: number, queue: { underWay: number; waiting: Waiter[] }) {
    let next = queue.waiting.shift();
    while (next?.gone()) {
      clearTimeout(next.deadline);
      next.drop(new CallerGoneError());
      next = queue.waiting.shift();
    }
    if (next) {
      clearTimeout(next.deadline);
      next.go();
      return;
    }
    queue.underWay -= 1;
    if (queue.underWay === 0) queues.delete(key);
  }

  return {
    /**
     * Waits for a turn of `key` and answers how to give it back (once; later calls do nothing).
     * `gone`: whether the caller has gone (its connection closed).
     */
    async enter(key: number, gone: () => boolean = () => false): Promise<() => void> {
      const queue = queues.get(key) ?? { underWay: 0, waiting: [] };
      queues.set(key, queue);
      if (queue.underWay < options.underWay && queue.waiting.length === 0) {
        queue.underWay += 1;
      } else {
        if (queue.waiting.length >= options.waiting) throw new WaitRefusedError('bound');
        await new Promise<void>((go, drop) => {
          const waiter: Waiter = {
            gone,
            go,
            drop,
            deadline: setTimeout(() => {
              queue.waiting.splice(queue.waiting.indexOf(waiter), 1);
              drop(new WaitRefusedError('deadline'));
            }, options.deadlineMs),
          };
          queue.waiting.push(waiter);
        });
      }
      let left = false;
      return () => {
        if (!left) leave(key, queue);
        left = true;
      };
    },
  };
}
