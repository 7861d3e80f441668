import type { ReactNode } from 'react';
import { useLocation, useNavigationType } from '@/lib/router/router';

/** Where the app went: its address, and in `data-navigation` how it came there (PUSH, REPLACE, POP). */
export function Where() {
  const { pathname, search } = useLocation();
  return (
    <p data-testid="where" data-navigation={useNavigationType()}>
      {pathname + search}
    </p>
  );
}

/** The screen of `screens` at the router's path; any other path shows `otherwise` (`<Where />`). */
export function ScreenAt({
  screens,
  otherwise = <Where />,
}: {
  screens: Record<string, ReactNode>;
  otherwise?: ReactNode;
}) {
  const { pathname } = useLocation();
  return Object.hasOwn(screens, pathname) ? screens[pathname] : otherwise;
}
