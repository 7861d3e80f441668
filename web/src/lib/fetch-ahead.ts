/**
 * Files the app will need soon, asked of the browser into its cache without being compiled or run:
 * their code runs only when it is used (web/screen-pages/plugin.ts lists them by name at build).
 * Running some forty chunks and their data once Home was idle was half of its Lighthouse blocking
 * time, and compiling a hundred modulepreloaded files at once a long task of its own.
 */

/**
 * The build's list: the files of each screen by its folder (named as its path), and of each other
 * chunk loaded on demand by its module under src/, fetched once. A list that cannot be had means
 * nothing is fetched ahead (what is needed is fetched when used), and it is asked for again later.
 */
let lists: Promise<Record<string, string[]>> | undefined;

function listsOfFiles(): Promise<Record<string, string[]>> {
  lists ??= (async () => {
    const list = document.querySelector<HTMLMetaElement>('meta[name="lazy-files"]')?.content;
    if (!list) return {};
    const response = await fetch(list);
    if (!response.ok) throw new Error(`${list}: HTTP ${response.status}`);
    return (await response.json()) as Record<string, string[]>;
  })().catch((error: unknown) => {
    console.warn('Could not fetch the list of files to fetch ahead', error);
    lists = undefined;
    return {};
  });
  return lists;
}

const asked = new Set<string>();
const waiting: string[] = [];

/**
 * A plain request: its answer goes to the browser's cache, where the script or style asked for the
 * same address later finds it. Safari has no `<link rel="prefetch">`, and one way is less code.
 */
function request(file: string) {
  void fetch(file)
    .then((response) => response.arrayBuffer())
    .catch(() => asked.delete(file));
}

/** Requests go out a few at a time in idle moments: each costs the main thread a little. */
function drain() {
  const next = (deadline?: IdleDeadline) => {
    const until = performance.now() + 4;
    do {
      const file = waiting.shift();
      if (file) request(file);
    } while (waiting.length > 0 && (deadline ? deadline.timeRemaining() > 1 : performance.now() < until));
    if (waiting.length > 0) drain();
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(next, { timeout: 1000 });
  // Safari before 18 has no requestIdleCallback.
  else setTimeout(next, 16);
}

/** Fetches ahead the files listed under `key`: a screen's folder, or a lazy module's path under src/. */
export async function fetchAhead(key: string): Promise<void> {
  const files = (await listsOfFiles())[key] ?? [];
  const fresh = files.filter((file) => !asked.has(file));
  if (fresh.length === 0) return;
  for (const file of fresh) asked.add(file);
  const idle = waiting.length === 0;
  waiting.push(...fresh);
  if (idle) drain();
}
