/**
 * Work for one key at a time, in the order it was asked for, in this process; work for different
 * keys runs side by side. A failure ends only its own turn.
 */
export function turnsByKey() {
  const tails = new Map<number, Promise<unknown>>();

  return {
    async inTurn<T>(key: number, work: () => Promise<T>): Promise<T> {
      const result = (tails.get(key) ?? Promise.resolve()).then(work);
      const tail = result.catch(() => {});
      tails.set(key, tail);
      try {
        return await result;
      } finally {
        // The last in line clears the key: an offer nobody presses keeps nothing here.
        if (tails.get(key) === tail) tails.delete(key);
      }
    },
  };
}
