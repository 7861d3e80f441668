import type { FetchAheadMessage } from './fetch-ahead-files';

/**
 * Files the app will need soon, asked of the browser into its cache without being compiled or run:
 * their code runs only when it is used (web/screen-pages/plugin.ts lists them by name at build).
 * Running some forty chunks and their data once Home was idle was half of its Lighthouse blocking
 * time, and compiling a hundred modulepreloaded files at once a long task of its own; the requests
 * themselves are made by a worker (fetch-ahead-worker.ts), off the main thread.
 */

/** The worker, made at the first name asked for; null where none can be (nothing is fetched ahead). */
let worker: Worker | null | undefined;

function fetchingWorker(): Worker | null {
  if (worker !== undefined) return worker;
  // A page that names no list (a development build) fetches nothing ahead.
  const list = document.querySelector<HTMLMetaElement>('meta[name="lazy-files"]')?.content;
  worker = null;
  if (!list || typeof Worker !== 'function') return worker;
  try {
    worker = new Worker(new URL('./fetch-ahead-worker.ts', import.meta.url), {
      type: 'module',
      name: 'fetch-ahead',
    });
    worker.postMessage({ list } satisfies FetchAheadMessage);
  } catch (error) {
    // What is not fetched ahead is fetched when used.
    console.warn('Could not start fetching ahead', error);
  }
  return worker;
}

/** Fetches ahead the files listed under `key`: a screen's folder, or a lazy module's path under src/. */
export function fetchAhead(key: string): void {
  fetchingWorker()?.postMessage({ key } satisfies FetchAheadMessage);
}
