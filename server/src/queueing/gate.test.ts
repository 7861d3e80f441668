import { describe, expect, it } from 'vitest';
import { isCallerGone } from './arrival-order.ts';
import { gateByKey } from './gate.ts';
import { isWaitRefused } from './wait-refused.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** What each caller's wait ended in, by name, in the order they ended. */
function recorder(gate: ReturnType<typeof gateByKey>) {
  const ends: string[] = [];
  const leaves = new Map<string, () => void>();
  const enter = (who: string, key = 1, gone = () => false) =>
    gate.enter(key, gone).then(
      (leave) => {
        ends.push(`${who} on`);
        leaves.set(who, leave);
      },
      (error: unknown) => {
        if (isCallerGone(error)) ends.push(`${who} gone`);
        else if (isWaitRefused(error)) ends.push(`${who} refused`);
        else throw error;
      },
    );
  const leave = (who: string) => leaves.get(who)?.();
  return { ends, enter, leave };
}

describe('a gate per key', () => {
  it('lets `underWay` on at once and the rest in the order they came, each key apart', async () => {
    const { ends, enter, leave } = recorder(gateByKey({ underWay: 2, waiting: 10, deadlineMs: 1_000 }));
    for (const who of ['a', 'b', 'c', 'd']) void enter(who);
    void enter('other key', 2);
    await tick();
    expect(ends).toEqual(['a on', 'b on', 'other key on']);
    leave('b');
    await tick();
    leave('b');
    leave('a');
    await tick();
    // b leaving twice handed on one turn, not two.
    expect(ends).toEqual(['a on', 'b on', 'other key on', 'c on', 'd on']);
  });

  it('passes over a caller gone while it waited', async () => {
    let gone = false;
    const { ends, enter, leave } = recorder(gateByKey({ underWay: 1, waiting: 10, deadlineMs: 1_000 }));
    void enter('a');
    void enter('b', 1, () => gone);
    void enter('c');
    await tick();
    gone = true;
    leave('a');
    await tick();
    expect(ends).toEqual(['a on', 'b gone', 'c on']);
  });

  it('refuses one more than its bound at once, and one waiting past its deadline', async () => {
    const { ends, enter, leave } = recorder(gateByKey({ underWay: 1, waiting: 2, deadlineMs: 50 }));
    void enter('a');
    void enter('b');
    void enter('c');
    void enter('d');
    await tick();
    expect(ends).toEqual(['a on', 'd refused']);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(ends).toEqual(['a on', 'd refused', 'b refused', 'c refused']);
    // Those refused left the queue: the next to come is let on once a leaves.
    void enter('e');
    leave('a');
    await tick();
    expect(ends.at(-1)).toBe('e on');
  });
});
