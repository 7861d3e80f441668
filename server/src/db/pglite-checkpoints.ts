import type { PGlite } from '@electric-sql/pglite';

/**
 * When PGlite's data is checkpointed while writes come: 15 s after the last checkpoint if anything
 * was written, or sooner once 64 MB of WAL piled up (a burst of writes), looked at every second.
 * After a SIGKILL PGlite replays all the WAL written since its last checkpoint before it answers,
 * and slowly: about 75 MB a second on this machine, in WASM.
 */
export const CHECKPOINTS = { everyMs: 15_000, walBytes: 64 * 1024 * 1024, lookEveryMs: 1_000 };

/**
 * PGlite runs PostgreSQL as a single-user backend: there is no checkpointer, so neither
 * `checkpoint_timeout` nor `max_wal_size` ever starts a checkpoint (the size trigger runs only
 * under a postmaster), and one came only from a clean close. A server that had run for a while
 * under writes then replayed everything since its start after a SIGKILL: 10–11 s for 0.8 GB of
 * WAL here, against 0.25 s for a clean open. So the process checkpoints itself.
 *
 * A checkpoint holds PGlite's one connection while it writes the dirty pages (fsync is off in
 * PGlite, so the operating system's cache takes them); a look at the WAL's position is one tiny
 * query a second.
 */
export function startCheckpoints(client: PGlite, options = CHECKPOINTS) {
  let checkpointedAt: string | undefined;
  let checkpointedWhen = 0;
  let running: Promise<boolean> | undefined;

  /** The WAL's insert position, and the bytes written past `since`. */
  const wal = async (since: string | undefined) => {
    const { rows } = await client.query<{ lsn: string; bytes: string | null }>(
      'select pg_current_wal_insert_lsn()::text as lsn, pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1::pg_lsn)::text as bytes',
      [since ?? null],
    );
    const row = rows[0];
    return {
      lsn: row?.lsn,
      bytes: row?.bytes === null || row?.bytes === undefined ? Infinity : Number(row.bytes),
    };
  };

  /** Checkpoints when it is due (or `now`) and WAL was written since the last one; says whether it did. */
  async function checkpointIfDue(now: boolean): Promise<boolean> {
    if (client.closed) return false;
    const { bytes } = await wal(checkpointedAt);
    if (bytes <= 0) return false;
    const due = now || bytes >= options.walBytes || Date.now() - checkpointedWhen >= options.everyMs;
    if (!due) return false;
    await client.exec('CHECKPOINT');
    // The checkpoint writes its own record: the position after it is the one to compare with.
    checkpointedAt = (await wal(undefined)).lsn;
    checkpointedWhen = Date.now();
    return true;
  }

  const run = (now: boolean) => {
    running ??= checkpointIfDue(now)
      .catch((error: unknown) => {
        // A closed database (shutdown under way) or a failed write: the next look tries again.
        if (!client.closed) console.warn(`PGlite checkpoint failed: ${(error as Error).message}`);
        return false;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void run(false), options.lookEveryMs);
  timer.unref();

  return {
    /** Checkpoints now if anything was written since the last one (the tests). */
    now: () => run(true),
    /** Stops the timer and waits for a checkpoint under way: before the database closes. */
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
