import { Suspense, useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { PresenceContext } from '@/hooks/use-is-present';
import type { Location } from '@/lib/router/history';
import { AtLocation, useLocation, useNavigationType } from '@/lib/router/router';
import { Page } from '@/messenger/page';
import { AppRoutes } from './routes';
import './page-transitions.css';

/** As long as the CSS animations of page-transitions.css. */
const TRANSITION_MS = 300;

type Direction = 'forward' | 'back';

interface Shown {
  current: Location;
  /** The screen flying out, drawn until its animation ends. */
  leaving?: Location;
  direction: Direction;
  /** False for the first screen: it appears without flying in. */
  moved: boolean;
}

/** A screen whose code is still on its way: its place, with Telegram's back button, and a spinner. */
function ScreenLoading() {
  return (
    <Page>
      <div className="page-transitions__loading">
        <Spinner />
      </div>
    </Page>
  );
}

/**
 * Forward, the new screen flies in from the right and the old one out to the left; back mirrors
 * it. CSS animations, not a library: the first screen's script stays small. A screen whose chunk
 * is still on its way flies in at once as a spinner in its own frame (on a slow network the tap
 * is answered by the move, not seconds later by the screen), and is drawn where it stands once its
 * chunk has come.
 */
export function PageTransitions() {
  const location = useLocation();
  const direction: Direction = useNavigationType() === 'POP' ? 'back' : 'forward';
  const [shown, setShown] = useState<Shown>({ current: location, direction, moved: false });

  // Adjusted while rendering, so the new screen and the leaving one appear in the same frame.
  if (location !== shown.current) {
    const newScreen = location.pathname !== shown.current.pathname;
    setShown(
      newScreen
        ? { current: location, leaving: shown.current, direction, moved: true }
        : { ...shown, current: location },
    );
  }

  useEffect(() => {
    if (!shown.leaving) return;
    const timer = setTimeout(() => setShown((now) => ({ ...now, leaving: undefined })), TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [shown.leaving]);

  const frame = (where: Location, role: 'entering' | 'leaving') => (
    <div
      key={where.pathname}
      className={`page-frame page-frame--${shown.direction}${shown.moved ? ` page-frame--${role}` : ''}`}
      aria-hidden={role === 'leaving' || undefined}
      inert={role === 'leaving' || undefined}
    >
      <PresenceContext.Provider value={role === 'entering'}>
        <AtLocation location={where}>
          <Suspense fallback={<ScreenLoading />}>
            <AppRoutes location={where} />
          </Suspense>
        </AtLocation>
      </PresenceContext.Provider>
    </div>
  );

  return (
    <div className="page-transitions">
      {shown.leaving && frame(shown.leaving, 'leaving')}
      {frame(shown.current, 'entering')}
    </div>
  );
}
