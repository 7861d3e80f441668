import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { WaitRefusedError } from './wait-refused.ts';

/**
 * PGlite serves one statement at a time, in the order they were asked: a request made of several
 * statements queues again, at the back, for each next one. When new people keep arriving, each
 * newcomer's first statement goes ahead of the next statement of everyone already waiting, and the
 * first of a crowd (a first open's /api/me asks four in a row) are overtaken again and again
 * (`npm run bench -- --crowd`). Here the statements wait in the order their requests arrived instead: the
 * oldest request's next statement goes first, and work outside a request (jobs, the outbox) takes
 * its place in that order when it asks.
 *
 * Oldest first has a failure of its own: when the crowd outgrows what the one connection serves,
 * the oldest requests are those whose callers gave up waiting, and serving them first makes every
 * later caller wait as long and give up too. So a read whose connection has closed gives up its
 * turn: its statement is refused (`CallerGoneError`) and the next caller's goes.
 */
const arrival = new AsyncLocalStorage<Turn>();
let lastArrival = 0;

/**
 * Statements that may wait at once; a read past it is refused (`WaitRefusedError`, 503 «try again»).
 * Far above any crowd measured (the crowd bench's 2,000 first opens, four statements each).
 */
const MAX_WAITING = 10_000;

/** How long a read's statement waits for its turn; longer, and it is refused. */
const WAIT_MS = 30_000;

interface Turn {
  order: number;
  /** Whether the caller has gone (its connection closed): nobody will read the answer. */
  gone(): boolean;
  /**
   * Whether its statements may be refused (a GET: each of its writes is whole and made again by the
   * next open); a POST, and work outside a request, run to their end however long they wait.
   */
  refusable: boolean;
}

/** A statement not run because the request's caller had gone. */
export class CallerGoneError extends Error {
  constructor() {
    super('the caller has gone; the statement was not run');
  }
}

/** Whether a failure is a `CallerGoneError`, looking through drizzle's wrapper. */
export function isCallerGone(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth += 1) {
    if (e instanceof CallerGoneError) return true;
  }
  return false;
}

/** Work outside a request takes its place in the order when it asks; nobody waits on it to leave. */
function outsideRequests(): Turn {
  lastArrival += 1;
  return { order: lastArrival, gone: () => false, refusable: false };
}

/**
 * Every request, from its first hook on, carries the order it arrived in. Only a GET gives up its
 * turn when its caller has gone: its writes (a profile, a day opened, a held gift claimed) are each
 * whole and made again by the next open, where a POST cut between two statements (a payment started
 * at the provider, not yet recorded) would leave half a change. A POST runs to its end, as it would
 * on PostgreSQL.
 */
export function stampArrivals(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    lastArrival += 1;
    const { socket } = request.raw;
    const refusable = request.method === 'GET';
    const gone = refusable ? () => socket?.destroyed === true : () => false;
    arrival.run({ order: lastArrival, gone, refusable }, done);
  });
}

/**
 * The request under way queues from now on as if it had just arrived: long work (a report read a
 * page at a time) takes its turns after everyone who came while it ran, instead of going ahead of
 * them all for being older.
 */
export function toTheBackOfTheQueue(): void {
  const place = arrival.getStore();
  if (place) {
    lastArrival += 1;
    place.order = lastArrival;
  }
}

type Client = Pick<PGlite, 'query' | 'exec' | 'transaction'>;

/**
 * `client` with its statements (and transactions, whole) served in their requests' arrival order. A
 * read is refused past `limits.waiting` statements waiting, or once it has waited `limits.waitMs`.
 */
export function inArrivalOrder<C extends Client>(
  client: C,
  limits: { waiting: number; waitMs: number } = { waiting: MAX_WAITING, waitMs: WAIT_MS },
): C {
  const waiting: Array<Turn & { since: number; go: () => void; refuse: (error: Error) => void }> = [];
  let busy = false;

  function take(): Promise<void> {
    const turn = arrival.getStore() ?? outsideRequests();
    if (turn.gone()) return Promise.reject(new CallerGoneError());
    if (turn.refusable && waiting.length >= limits.waiting)
      return Promise.reject(new WaitRefusedError('bound'));
    if (!busy) {
      busy = true;
      // Not in the I/O phase that asked: PGlite runs on this thread, and a phase that reads twenty
      // requests would run their twenty statements before the loop turns. A busy loop was seen to
      // accept about one new connection a turn: the first of a crowd, whose connections all opened
      // at once, were let in about four a second while later arrivals went ahead.
      return new Promise((go) => setImmediate(go));
    }
    return new Promise((go, refuse) =>
      waiting.push({
        order: turn.order,
        gone: turn.gone,
        refusable: turn.refusable,
        since: Date.now(),
        go,
        refuse,
      }),
    );
  }

  function next() {
    // Checked as each turn is given: the line moves a statement at a time, so no read waits much
    // past its deadline unnoticed.
    const late = Date.now() - limits.waitMs;
    for (const turn of waiting.filter((t) => t.gone() || (t.refusable && t.since < late))) {
      waiting.splice(waiting.indexOf(turn), 1);
      turn.refuse(turn.gone() ? new CallerGoneError() : new WaitRefusedError('deadline'));
    }
    if (waiting.length === 0) {
      busy = false;
      return;
    }
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
