import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * The nice value the page's renderer runs at: the highest, so that every other thread of this host
 * yields its core to it.
 */
const FIRST = -20;

/** How often new renderers are looked for (and one Chromium set back is raised again). */
const EVERY_MS = 20;

/** Process ids of `pid`'s children, from every thread's list (a zygote forks renderers). */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((thread) =>
      readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return []; // it has exited
  }
}

function descendantsOf(pid: number): number[] {
  const found: number[] = [];
  for (let next = [pid]; next.length > 0; ) {
    next = next.flatMap(childrenOf);
    found.push(...next);
  }
  return found;
}

/** Chromium writes a child's arguments back as one line: they are parted by spaces, or by NULs. */
const isRenderer = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/).includes('--type=renderer');
  } catch {
    return false;
  }
};

/** A process's main thread: its nice value, and its milliseconds on a core and waiting for one. */
function mainThreadOf(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After «pid (name)»: the fields from the third on; the nice value is the 19th.
  const nice = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  const [onCore = 0, waiting = 0] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ').map(Number);
  return { nice, onCoreMs: onCore / 1e6, waitingMs: waiting / 1e6 };
}

/** The error of a process that exited between being listed and being read or raised. */
const goneWith = (error: unknown) => {
  const { code, info } = error as NodeJS.ErrnoException & { info?: { code?: string } };
  return code === 'ENOENT' || code === 'ESRCH' || info?.code === 'ESRCH';
};

export interface RendererTime {
  /** The page's renderer main thread (the renderer that ran the most): ms on a core. */
  onCoreMs: number;
  /** …and ms it was ready to run and waited for a core. */
  waitingMs: number;
}

/**
 * The page's renderer main thread first on this host's cores, from the moment it is started until
 * stopped: every renderer of the browser whose process is `browserPid` has its main thread's nice
 * value set to the highest (Linux, with the right to raise priorities: root here).
 *
 * Why: a phone gives the page's main thread a core of its own; this host has two, and on them run
 * Chromium's browser and GPU threads (Chromium sets them to nice −8 when it may), its network
 * service, the server, the TLS proxy and Lighthouse itself. In a load, the renderer's main thread
 * waited for a core 400–790 ms of a run, longer than the 300–450 ms it ran, and Lighthouse
 * multiplies every task's wall time, the wait in it too, by the CPU slowdown (docs/performance.md,
 * «Lighthouse as a phone»). Started once the page's document came (before, the renderer Chromium
 * makes for the site ran ahead of the trace, which then lost the navigation's start).
 */
export function keepRendererFirst(browserPid: number) {
  const raised = new Map<number, RendererTime>();
  let refused: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  const raise = () => {
    for (const pid of descendantsOf(browserPid).filter(isRenderer)) {
      try {
        const thread = mainThreadOf(pid);
        if (thread.nice === FIRST) continue;
        setPriority(pid, FIRST);
        if (!raised.has(pid)) raised.set(pid, thread);
      } catch (error) {
        // Gone since it was listed, or no right to raise it (said once, beside the figures).
        if (!goneWith(error)) refused ??= String((error as Error).message);
      }
    }
  };
  return {
    start() {
      if (timer) return;
      raise();
      timer = setInterval(raise, EVERY_MS);
    },
    /** Stops, and tells the page's renderer's time since it was raised (none: never raised). */
    stop(): { time?: RendererTime; refused?: string } {
      clearInterval(timer);
      const times = [...raised].flatMap(([pid, before]) => {
        try {
          const now = mainThreadOf(pid);
          return [{ onCoreMs: now.onCoreMs - before.onCoreMs, waitingMs: now.waitingMs - before.waitingMs }];
        } catch {
          return [];
        }
      });
      const time = times.toSorted((a, b) => b.onCoreMs - a.onCoreMs)[0];
      return { ...(time ? { time } : {}), ...(refused ? { refused } : {}) };
    },
  };
}
