import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';

/**
 * PGlite serves one statement at a time, in the order they were asked: a request made of several
 * statements queues again, at the back, for each next one. When new people keep arriving, each
 * newcomer's first statement goes ahead of the next statement of everyone already waiting, and the
 * first of a crowd (a first open's /api/me asks four in a row) are overtaken again and again
 * (issue 36, the crowd of `npm run bench`). Here the statements wait in the order their requests arrived instead: the
 * oldest request's next statement goes first, and work outside a request (jobs, the outbox) takes
 * its place in that order when it asks.
 */
const arrival = new AsyncLocalStorage<{ order: number }>();
let lastArrival = 0;

/** Every request, from its first hook on, carries the order it arrived in. */
export function stampArrivals(app: FastifyInstance) {
  app.addHook('onRequest', (_request, _reply, done) => {
    lastArrival += 1;
    arrival.run({ order: lastArrival }, done);
  });
}

/**
 * The request under way queues from now on as if it had just arrived: long work (a report read a
 * page at a time) takes its turns after everyone who came while it ran, instead of going ahead of
 * them all for being older.
 */
export function toTheBackOfTheLine(): void {
  const place = arrival.getStore();
  if (place) {
    lastArrival += 1;
    place.order = lastArrival;
  }
}

type Client = Pick<PGlite, 'query' | 'exec' | 'transaction'>;

/** `client` with its statements (and transactions, whole) served in their requests' arrival order. */
export function inArrivalOrder<C extends Client>(client: C): C {
  const waiting: Array<{ order: number; go: () => void }> = [];
  let busy = false;

  function take(): Promise<void> {
    if (!busy) {
      busy = true;
      return Promise.resolve();
    }
    let order = arrival.getStore()?.order;
    if (order === undefined) {
      lastArrival += 1;
      order = lastArrival;
    }
    const place = order;
    return new Promise((go) => waiting.push({ order: place, go }));
  }

  function next() {
    let first = 0;
    for (let i = 1; i < waiting.length; i += 1) {
      if ((waiting[i]?.order ?? 0) < (waiting[first]?.order ?? 0)) first = i;
    }
    const [chosen] = waiting.splice(first, 1);
    chosen?.go();
  }

  function release() {
    if (waiting.length === 0) {
      busy = false;
      return;
    }
    // Chosen on the loop's next turn: by then the request just served has asked its next statement
    // and requests that came in meanwhile have been read, so the oldest of them all goes first.
    setImmediate(next);
  }

  async function inTurn<T>(run: () => Promise<T>): Promise<T> {
    await take();
    try {
      return await run();
    } finally {
      release();
    }
  }

  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (property !== 'query' && property !== 'exec' && property !== 'transaction') {
        return typeof value === 'function' ? value.bind(target) : value;
      }
      const method = value as (...args: unknown[]) => Promise<unknown>;
      return (...args: unknown[]) => inTurn(() => method.apply(target, args));
    },
  });
}
