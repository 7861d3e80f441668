import { EventEmitter } from 'node:events';
import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain/domain-error.ts';
import { perPersonQueue, sharedLanes } from './turns.ts';

/** A reply whose connection the test closes: when its answer has gone out, or its caller left. */
const replyOf = () => {
  const raw = new EventEmitter();
  return { reply: { raw } as unknown as FastifyReply, close: () => raw.emit('close') };
};

/** Whether a promise has settled by the time everything already due has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('one person’s heavy requests, one at a time', () => {
  it('a second request starts when the first one’s answer has gone out; another person does not wait', async () => {
    const takeTurn = perPersonQueue({ waiting: 3, refusal: 'busy' });
    const first = replyOf();
    await takeTurn(1, first.reply);
    const second = takeTurn(1, replyOf().reply);
    expect(await settled(second)).toBe(false);
    await takeTurn(2, replyOf().reply);
    first.close();
    expect(await settled(second)).toBe(true);
  });

  it('past the few waiting, a request is refused at once with the given code', async () => {
    const takeTurn = perPersonQueue({ waiting: 2, refusal: 'busy' });
    await takeTurn(7, replyOf().reply);
    const waiting = [takeTurn(7, replyOf().reply), takeTurn(7, replyOf().reply)];
    await expect(takeTurn(7, replyOf().reply)).rejects.toEqual(new DomainError('busy'));
    expect(await settled(Promise.race(waiting))).toBe(false);
  });

  it('a request whose caller left while waiting is not made, and gives its turn to the next', async () => {
    const takeTurn = perPersonQueue({ waiting: 3, refusal: 'busy' });
    const first = replyOf();
    await takeTurn(1, first.reply);
    const gone = replyOf();
    const left = takeTurn(1, gone.reply);
    const third = takeTurn(1, replyOf().reply);
    gone.close();
    first.close();
    await expect(left).rejects.toEqual(new DomainError('busy'));
    expect(await settled(third)).toBe(true);
  });
});

describe('everyone’s heavy requests through shared lanes', () => {
  it('past the lanes, requests wait in the order they came, each for a lane to free', async () => {
    const takeTurn = sharedLanes(1, 'busy');
    const first = replyOf();
    await takeTurn(1, first.reply);
    const second = replyOf();
    const secondTurn = takeTurn(2, second.reply);
    const thirdTurn = takeTurn(3, replyOf().reply);
    expect(await settled(secondTurn)).toBe(false);
    first.close();
    expect(await settled(secondTurn)).toBe(true);
    expect(await settled(thirdTurn)).toBe(false);
    second.close();
    expect(await settled(thirdTurn)).toBe(true);
  });

  it('a request whose caller left while waiting takes no lane and is not made', async () => {
    const takeTurn = sharedLanes(1, 'busy');
    const first = replyOf();
    await takeTurn(1, first.reply);
    const gone = replyOf();
    const left = takeTurn(2, gone.reply);
    const third = takeTurn(3, replyOf().reply);
    gone.close();
    await expect(left).rejects.toEqual(new DomainError('busy'));
    expect(await settled(third)).toBe(false);
    first.close();
    expect(await settled(third)).toBe(true);
  });
});
