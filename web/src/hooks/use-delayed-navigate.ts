import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { RoutePrefetchContext } from '@/lib/route-prefetch';
import { type NavigateOptions, useNavigate } from '@/lib/router/router';

/** SPEC §2: a button navigates after 300 ms, or 200 ms when the target carries a query. */
const NAVIGATION_DELAY_MS = 300;
const NAVIGATION_DELAY_WITH_QUERY_MS = 200;

const navigationDelayFor = (to: string) =>
  to.includes('?') ? NAVIGATION_DELAY_WITH_QUERY_MS : NAVIGATION_DELAY_MS;

/**
 * Navigation for the buttons of one screen. The first tap wins: until it navigates, further taps
 * (a double tap, or another button) are ignored, and `pendingTo` lets the tapped button look pressed.
 * The screen behind the button is fetched at the press, so the wait hides its fetching.
 */
export function useDelayedNavigate() {
  const navigate = useNavigate();
  const prefetch = useContext(RoutePrefetchContext);
  const [pendingTo, setPendingTo] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const go = useCallback(
    (to: string, options?: NavigateOptions) => {
      if (timer.current !== undefined) return;
      prefetch(to);
      setPendingTo(to);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        setPendingTo(null);
        navigate(to, options);
      }, navigationDelayFor(to));
    },
    [navigate, prefetch],
  );

  return { go, pendingTo };
}
