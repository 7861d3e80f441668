import { describe, expect, it } from 'vitest';
import { turnsByKey } from './turns-by-key.ts';

/** A piece of work that runs until `release` is called, recording when it starts and ends. */
function gate(log: string[], name: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    release,
    work: async () => {
      log.push(`${name} starts`);
      await released;
      log.push(`${name} ends`);
      return name;
    },
  };
}

describe('turns by key', () => {
  it('runs one key’s work one at a time in the order asked, other keys beside it, a failure ending only its own turn', async () => {
    const turns = turnsByKey();
    const log: string[] = [];
    const first = gate(log, 'a1');
    const second = gate(log, 'a2');
    const other = gate(log, 'b1');

    const a1 = turns.inTurn(1, first.work);
    const failing = turns.inTurn(1, async () => {
      log.push('a-fails');
      throw new Error('refused');
    });
    const a2 = turns.inTurn(1, second.work);
    const b1 = turns.inTurn(2, other.work);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['a1 starts', 'b1 starts']);

    other.release();
    expect(await b1).toBe('b1');
    expect(log).toEqual(['a1 starts', 'b1 starts', 'b1 ends']);

    first.release();
    second.release();
    expect(await a1).toBe('a1');
    await expect(failing).rejects.toThrow('refused');
    expect(await a2).toBe('a2');
    expect(log).toEqual(['a1 starts', 'b1 starts', 'b1 ends', 'a1 ends', 'a-fails', 'a2 starts', 'a2 ends']);
  });

  it('runs work in the order places were taken, not the order it became ready; a place given up holds nobody', async () => {
    const turns = turnsByKey();
    const log: string[] = [];
    const early = turns.take(1);
    const unused = turns.take(1);
    const late = turns.take(1);
    const lateWork = gate(log, 'late');
    const lateDone = late.inTurn(lateWork.work);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual([]);

    const earlyWork = gate(log, 'early');
    const earlyDone = early.inTurn(earlyWork.work);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['early starts']);
    earlyWork.release();
    await earlyDone;
    await new Promise((resolve) => setImmediate(resolve));
    // The place between them is still held.
    expect(log).toEqual(['early starts', 'early ends']);

    unused.giveUp();
    lateWork.release();
    expect(await lateDone).toBe('late');
    expect(log).toEqual(['early starts', 'early ends', 'late starts', 'late ends']);
    await expect(unused.inTurn(async () => 'again')).rejects.toThrow('given up');
  });
});
