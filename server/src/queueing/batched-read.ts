/** Keys one read may ask for; more wait for the next read. */
const MAX_KEYS_PER_READ = 500;

type Waiter<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };

/**
 * Reads rows by key in batches. A key asked for while a read is out waits for the next read, which
 * asks for every key waiting then, each once; with no read out, a key is read at once. A caller is
 * never answered from a read sent before it asked, so its answer is as new as a read of its own.
 *
 * Many polls at once then cost the database one statement per round trip, not one each.
 */
export function batchedRead<V>(
  readMany: (keys: number[]) => Promise<Map<number, V>>,
): (key: number) => Promise<V | undefined> {
  const waiting = new Map<number, Waiter<V>[]>();
  let reading = false;

  async function readWaiting(): Promise<void> {
    reading = true;
    while (waiting.size > 0) {
      const keys = [...waiting.keys()].slice(0, MAX_KEYS_PER_READ);
      const batch = keys.map((key) => [key, waiting.get(key) ?? []] as const);
      for (const key of keys) waiting.delete(key);
      try {
        const found = await readMany(keys);
        for (const [key, waiters] of batch) for (const { resolve } of waiters) resolve(found.get(key));
      } catch (error) {
        for (const [, waiters] of batch) for (const { reject } of waiters) reject(error);
      }
    }
    reading = false;
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!reading) void readWaiting();
    });
}
