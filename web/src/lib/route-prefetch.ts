import { createContext, useContext, useEffect } from 'react';
import { whenIdle } from './when-idle';

/** Fetches ahead what the screen at an address needs (its code, its first data). */
export type PrefetchRoute = (href: string) => void;

/** The app's router provides it (app/router.tsx); without one, nothing is fetched ahead. */
export const RoutePrefetchContext = createContext<PrefetchRoute>(() => {});

/**
 * Once buttons leading to `hrefs` are on screen (and the page is idle), the screens behind them are
 * fetched, so a press finds them ready (the press itself waits 300 ms before moving, SPEC §2).
 */
export function usePrefetchRoutes(hrefs: readonly string[]) {
  const prefetch = useContext(RoutePrefetchContext);
  const key = hrefs.join('\n');
  useEffect(
    () =>
      whenIdle(() => {
        for (const href of key.split('\n')) if (href) prefetch(href);
      }),
    [key, prefetch],
  );
}
