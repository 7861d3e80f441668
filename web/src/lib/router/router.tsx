import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import {
  type AppHistory,
  browserHistory,
  type Location,
  memoryHistory,
  type NavigationType,
  type Visit,
} from './history';

export type NavigateOptions = { replace?: boolean };

/** Goes to an address in the app, or `delta` steps through its history. */
export type Navigate = {
  (to: string, options?: NavigateOptions): void;
  (delta: number): void;
};

const VisitContext = createContext<Visit | null>(null);
const NavigateContext = createContext<Navigate | null>(null);

function required<T>(value: T | null, hook: string): T {
  if (value === null) throw new Error(`${hook} is used outside the app's <Router>`);
  return value;
}

/**
 * Shows the location of `history` to the tree below. A move is drawn inside a React transition: a
 * screen whose chunk is on its way suspends without a fallback, the old screen stays until it comes.
 */
export function Router({ history, children }: { history: AppHistory; children: ReactNode }) {
  const [visit, setVisit] = useState(history.visit);

  useLayoutEffect(() => {
    const stop = history.listen(() => startTransition(() => setVisit(history.visit())));
    // A move made before this effect (in a child's layout effect) would otherwise be missed.
    setVisit(history.visit());
    return stop;
  }, [history]);

  const navigate = useCallback<Navigate>(
    (to: string | number, options?: NavigateOptions) => {
      if (typeof to === 'number') history.go(to);
      else if (options?.replace) history.replace(to);
      else history.push(to);
    },
    [history],
  );

  return (
    <NavigateContext.Provider value={navigate}>
      <VisitContext.Provider value={visit}>{children}</VisitContext.Provider>
    </NavigateContext.Provider>
  );
}

/** The app in the browser: the address bar is its location. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  return <Router history={browserHistory()}>{children}</Router>;
}

/** For tests: a history of `entries`, standing at `index` (the last by default). */
export function MemoryRouter({
  entries,
  index,
  children,
}: {
  entries?: readonly string[];
  index?: number;
  children: ReactNode;
}) {
  const [history] = useState(() => memoryHistory(entries, index));
  return <Router history={history}>{children}</Router>;
}

/**
 * The tree below reads `location` as its own: a screen leaving during a page transition keeps its
 * address (its query), instead of drawing itself a last time with the next screen's.
 */
export function AtLocation({ location, children }: { location: Location; children: ReactNode }) {
  const visit = required(useContext(VisitContext), 'AtLocation');
  const own = useMemo(
    () => (visit.location === location ? visit : { ...visit, location }),
    [visit, location],
  );
  return <VisitContext.Provider value={own}>{children}</VisitContext.Provider>;
}

export const useLocation = (): Location => required(useContext(VisitContext), 'useLocation').location;

/** How the app came to the location it shows. */
export const useNavigationType = (): NavigationType =>
  required(useContext(VisitContext), 'useNavigationType').type;

export const useNavigate = (): Navigate => required(useContext(NavigateContext), 'useNavigate');

type NextSearch = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);

/** The query of the address, and a move to the same screen with another query. */
export function useSearchParams(): [URLSearchParams, (next: NextSearch, options?: NavigateOptions) => void] {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: NextSearch, options?: NavigateOptions) => {
      const query = (typeof next === 'function' ? next(new URLSearchParams(search)) : next).toString();
      navigate(`${pathname}${query ? `?${query}` : ''}${hash}`, options);
    },
    [navigate, pathname, search, hash],
  );
  return [params, setParams];
}
