import type { FastifyReply } from 'fastify';
import { DomainError } from '../domain/domain-error.ts';

/** Resolves when the request of `reply` may go on; its turn ends when its connection is done. */
export type TakeTurn = (personId: number, reply: FastifyReply) => Promise<void>;

/**
 * Calls `onDone` once the answer has gone out in full (a streamed file included) or its connection
 * was dropped: 'close' comes either way. Answers whether that has happened already.
 */
function whenDone(reply: FastifyReply, onDone: () => void): () => boolean {
  let done = false;
  reply.raw.once('close', () => {
    done = true;
    onDone();
  });
  return () => done;
}

/**
 * Heavy requests of one person, one at a time: the next waits until the answer before it is done.
 * A person asking for many at once gets them in turn and occupies the server as one request does;
 * past `waiting` in line, a request is refused with `refusal` instead of queued. Per process.
 */
export function perPersonQueue(options: { waiting: number; refusal: string }): TakeTurn {
  const lines = new Map<number, { tail: Promise<void>; length: number }>();

  return async (personId, reply) => {
    const line = lines.get(personId) ?? { tail: Promise.resolve(), length: 0 };
    if (line.length > options.waiting) throw new DomainError(options.refusal);
    const before = line.tail;
    let finish = () => {};
    line.tail = new Promise<void>((resolve) => {
      finish = resolve;
    });
    line.length += 1;
    lines.set(personId, line);
    // A reply closed while waiting gives its turn up too, once the turn before it is over.
    const gone = whenDone(reply, () => {
      void before.then(() => {
        line.length -= 1;
        if (line.length === 0) lines.delete(personId);
        finish();
      });
    });
    await before;
    // Nobody waits for this answer any more: its work is not done (and its turn is already over).
    if (gone()) throw new DomainError(options.refusal);
  };
}

/**
 * At most `lanes` heavy requests of everyone at once in this process, the others waiting in the
 * order they came: on PGlite, which answers one statement at a time, a single lane keeps every
 * other request (a poll) behind at most one report statement, not one per report under way.
 */
export function sharedLanes(lanes: number, refusal: string): TakeTurn {
  let busy = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    const wake = waiting.shift();
    if (wake) wake();
    else busy -= 1;
  };

  return async (_personId, reply) => {
    if (busy < lanes) {
      busy += 1;
      whenDone(reply, next);
      return;
    }
    let woken = false;
    await new Promise<void>((resolve) => {
      const wake = () => {
        woken = true;
        resolve();
      };
      waiting.push(wake);
      whenDone(reply, () => {
        if (woken) next();
        else {
          waiting.splice(waiting.indexOf(wake), 1);
          resolve();
        }
      });
    });
    if (!woken) throw new DomainError(refusal);
  };
}

/** Turns taken in order: each after the one before it has been given. */
export const inTurn =
  (...turns: TakeTurn[]): TakeTurn =>
  async (personId, reply) => {
    for (const take of turns) await take(personId, reply);
  };
