import type { FastifyReply } from 'fastify';
import { DomainError } from '../domain/domain-error.ts';

/**
 * Heavy requests of one person, one at a time: the next waits until the answer before it has gone
 * out in full (a streamed file included) or its connection closed. A person asking for many at once
 * gets them in turn and occupies the server as one request does; past `waiting` in line, a request
 * is refused with `refusal` instead of queued. Per process: each of several processes serves a
 * person's heavy requests one at a time.
 */
export function perPersonQueue(options: { waiting: number; refusal: string }) {
  const lines = new Map<number, { tail: Promise<void>; length: number }>();

  /** Resolves when `personId`'s turn has come; the turn ends when `reply`'s connection is done. */
  return async function takeTurn(personId: number, reply: FastifyReply): Promise<void> {
    const line = lines.get(personId) ?? { tail: Promise.resolve(), length: 0 };
    if (line.length > options.waiting) throw new DomainError(options.refusal);
    const before = line.tail;
    let done = () => {};
    line.tail = new Promise<void>((resolve) => {
      done = resolve;
    });
    line.length += 1;
    lines.set(personId, line);
    // 'close' comes once the answer has gone out in full, or its connection was dropped: either way
    // the person's turn is over. A reply closed while waiting gives its turn up as well.
    let gone = false;
    reply.raw.once('close', () => {
      gone = true;
      void before.then(() => {
        line.length -= 1;
        if (line.length === 0) lines.delete(personId);
        done();
      });
    });
    await before;
    // Nobody waits for this answer any more: its work is not done (and its turn is already over).
    if (gone) throw new DomainError(options.refusal);
  };
}
