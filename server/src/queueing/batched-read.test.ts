import { describe, expect, it } from 'vitest';
import { batchedRead } from './batched-read.ts';

/** A store read by key, whose reads the test answers one at a time, in order. */
function slowStore(rows: Map<number, string>) {
  const reads: { keys: number[]; answer: () => void; fail: (error: Error) => void }[] = [];
  const read = batchedRead<string>(
    (keys) =>
      new Promise((resolve, reject) => {
        reads.push({
          keys,
          // What the store holds when the read reaches it, not when it was asked for.
          answer: () =>
            resolve(new Map(keys.flatMap((key) => (rows.has(key) ? [[key, rows.get(key) as string]] : [])))),
          fail: reject,
        });
      }),
  );
  return { read, reads };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedRead', () => {
  it('reads a key at once when no read is out', async () => {
    const { read, reads } = slowStore(new Map([[1, 'a']]));
    const answer = read(1);
    expect(reads.map(({ keys }) => keys)).toEqual([[1]]);
    reads[0]?.answer();
    expect(await answer).toBe('a');
  });

  it('keys asked for during a read share the next one, each key once; an unknown key answers undefined', async () => {
    const { read, reads } = slowStore(
      new Map([
        [1, 'a'],
        [2, 'b'],
      ]),
    );
    const first = read(1);
    const waiting = [read(2), read(1), read(2), read(3)];
    expect(reads).toHaveLength(1);

    reads[0]?.answer();
    expect(await first).toBe('a');
    await settled();
    expect(reads.map(({ keys }) => keys)).toEqual([[1], [2, 1, 3]]);
    reads[1]?.answer();
    expect(await Promise.all(waiting)).toEqual(['b', 'a', 'b', undefined]);
  });

  it('never answers from a read sent before the key was asked for', async () => {
    const { read, reads } = slowStore(new Map([[1, 'a']]));
    void read(1);
    let answered = false;
    const after = read(1).then((value) => {
      answered = true;
      return value;
    });
    reads[0]?.answer();
    await settled();
    // The first read may have reached the row before this caller asked: it waits for a read of its own.
    expect(answered).toBe(false);
    expect(reads.map(({ keys }) => keys)).toEqual([[1], [1]]);
    reads[1]?.answer();
    expect(await after).toBe('a');
  });

  it('a failed read fails its callers only; the keys waiting meanwhile are still read', async () => {
    const { read, reads } = slowStore(
      new Map([
        [1, 'a'],
        [2, 'b'],
      ]),
    );
    const failed = read(1);
    const next = read(2);
    reads[0]?.fail(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');
    await settled();
    reads[1]?.answer();
    expect(await next).toBe('b');

    const again = read(1);
    await settled();
    reads[2]?.answer();
    expect(await again).toBe('a');
  });
});
