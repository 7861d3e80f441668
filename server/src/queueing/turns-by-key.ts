/** A turn of one key, taken before its work is ready: the work runs in the order turns were taken. */
export interface Turn {
  inTurn<T>(work: () => Promise<T>): Promise<T>;
  /** The turn was not used: those behind it go on without waiting for it. Once used, a no-op. */
  giveUp(): void;
}

/**
 * Work for one key at a time, in the order turns were taken, in this process; work for different
 * keys runs side by side. A failure ends only its own turn.
 *
 * A turn is taken apart from its work because the work's order is decided earlier than the work is
 * ready: a press of a limited offer takes its turn when it is let on (offers/gate.ts), then reads
 * consent, membership and the offer on its own connection, and a press let on later could finish
 * those reads first and take the last unit from the one before it.
 */
export function turnsByKey() {
  const tails = new Map<number, Promise<void>>();

  function take(key: number): Turn {
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
        if (used) throw new Error('this turn has been used or given up');
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
