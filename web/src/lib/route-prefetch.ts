import { createContext, useEffect } from 'react';
import { pathOf } from './router/history';
import { whenIdle } from './when-idle';

/** Fetches what the screen at an address needs (its code, its first data) and runs its code. */
export type PrefetchRoute = (href: string) => void;

/** The app's router provides it (app/router.tsx); without one, nothing is fetched at a press. */
export const RoutePrefetchContext = createContext<PrefetchRoute>(() => {});

/** The folder of the screen at an address (web/screen-pages): its path without the leading slash. */
const folderOf = (href: string) => pathOf(href).slice(1);

/**
 * Once the page is idle, fetches ahead the files of the screens (by folder) or lazy modules (by path
 * under src/) named, without running them (fetch-ahead.ts, a chunk of its own so that what every
 * first screen carries stays as it was). Returns a cancel.
 */
export function fetchAheadWhenIdle(keys: readonly string[]): () => void {
  return whenIdle(() => {
    import('./fetch-ahead').then(
      ({ fetchAhead }) => {
        for (const key of keys) fetchAhead(key);
      },
      // Nothing fetched ahead is fetched when used; only logged here.
      (error: unknown) => console.warn('Could not fetch ahead', error),
    );
  });
}

/**
 * Once buttons leading to `hrefs` are on screen (and the page is idle), the files of the screens
 * behind them are fetched, so a press finds them ready even on a slow network (the press itself
 * waits 300 ms before moving, SPEC §2, and starts on the screen's data then).
 */
export function usePrefetchRoutes(hrefs: readonly string[]) {
  const key = hrefs.join('\n');
  useEffect(() => fetchAheadWhenIdle(key.split('\n').filter(Boolean).map(folderOf)), [key]);
}
