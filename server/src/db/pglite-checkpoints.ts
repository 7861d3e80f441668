import type { PGlite } from '@electric-sql/pglite';

/**
 * How often PGlite's data is checkpointed while writes come. After a SIGKILL, PGlite replays all
 * the WAL written since its last checkpoint before it answers, and it replays slowly (about
 * 50–100 MB a second here, in WASM).
 */
export const CHECKPOINT_EVERY_MS = 15_000;

/**
 * PGlite runs PostgreSQL as a single-user backend: there is no checkpointer, so neither
 * `checkpoint_timeout` nor `max_wal_size` ever starts a checkpoint (the size trigger runs only
 * under a postmaster), and one came only from a clean close. A server that had run for a while
 * under writes then replayed everything since its start after a SIGKILL: 8–11 s for 1–2 GB of WAL
 * on this machine, against 0.4–0.6 s for a clean start. So the process checkpoints itself, every
 * `everyMs` when anything was written since the last one (a quiet server writes nothing).
 *
 * A checkpoint holds PGlite's one connection while it writes the dirty pages (fsync is off in
 * PGlite, so the operating system's cache takes them): a few milliseconds for what 15 s of
 * requests leave dirty.
 */
export function startCheckpoints(client: PGlite, everyMs = CHECKPOINT_EVERY_MS) {
  let checkpointedAt: string | undefined;
  let running: Promise<boolean> | undefined;

  const walPosition = async () =>
    (await client.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn')).rows[0]?.lsn;

  /** Checkpoints when WAL was written since the last one; says whether it did. */
  async function checkpointIfWritten(): Promise<boolean> {
    if (client.closed) return false;
    const now = await walPosition();
    if (now === checkpointedAt) return false;
    await client.exec('CHECKPOINT');
    // The checkpoint writes its own record: the position after it is the one to compare with.
    checkpointedAt = await walPosition();
    return true;
  }

  const tick = () => {
    running ??= checkpointIfWritten()
      .catch((error: unknown) => {
        // A closed database (shutdown under way) or a failed write: the next tick tries again.
        if (!client.closed) console.warn(`PGlite checkpoint failed: ${(error as Error).message}`);
        return false;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();

  return {
    /** Checkpoints now if anything was written (the tests; the timer calls it too). */
    tick,
    /** Stops the timer and waits for a checkpoint under way: before the database closes. */
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
