/** A place in one key's line, taken before its work is ready: the work runs in the place's order. */
export interface Place {
  inTurn<T>(work: () => Promise<T>): Promise<T>;
  /** The place was not used: those behind it go on without waiting for it. Once used, a no-op. */
  giveUp(): void;
}

/**
 * Work for one key at a time, in the order places were taken, in this process; work for different
 * keys runs side by side. A failure ends only its own turn.
 *
 * A place is taken apart from its work because the work's order is decided earlier than the work is
 * ready: a press of a limited offer takes its place when it is let on (gate.ts), then reads
 * consent, membership and the offer on its own connection, and a press let on later could finish
 * those reads first and take the last unit from the one before it.
 */
export function turnsByKey() {
  const tails = new Map<number, Promise<void>>();

  function take(key: number): Place {
    const before = tails.get(key) ?? Promise.resolve();
    let end = () => {};
    const mine = new Promise<void>((resolve) => {
      end = resolve;
    });
    tails.set(key, mine);
    // The last in line clears the key: an offer nobody presses keeps nothing here.
    void mine.then(() => {
      if (tails.get(key) === mine) tails.delete(key);
    });
    let used = false;
    return {
      async inTurn(work) {
        if (used) throw new Error('this place in the line has been used or given up');
        used = true;
        await before;
        try {
          return await work();
        } finally {
          end();
        }
      },
      giveUp() {
        if (used) return;
        used = true;
        void before.then(end);
      },
    };
  }

  return {
    take,
    inTurn<T>(key: number, work: () => Promise<T>): Promise<T> {
      return take(key).inTurn(work);
    },
  };
}
