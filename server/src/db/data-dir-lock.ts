import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/** Folders this process holds open: its own pid in a holder file does not make a second open safe. */
const heldHere = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own, and two processes on one data folder corrupt it (a second server
 * on the same DATA_DIR, `npm run backup` opening the folder while the server still holds it). The
 * holder's pid goes in `file`, created atomically; one left by a process that is gone is taken over.
 * Returns the release.
 */
export function claimDataDir(file: string): () => void {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(file, 'utf8'));
    const held = holder === process.pid ? heldHere.has(file) : Number.isInteger(holder) && isRunning(holder);
    if (held) {
      throw new Error(
        `the database folder is open in process ${holder} (${file}): stop that server first, or back it up through it with npm run backup`,
      );
    }
    rmSync(file, { force: true });
  }
  throw new Error(`could not claim the database folder (${file})`);
}
