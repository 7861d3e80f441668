/** How the app came to a location: a step back or forward (POP), a new entry (PUSH), or in place. */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** Tells apart two visits of the same address. */
  key: string;
  /** The entry's place in the app's history: 0 for the screen the app was opened on. */
  index: number;
}

/** Where the app stands and how it came there. */
export type Visit = { location: Location; type: NavigationType };

export type HistoryListener = () => void;

/** The app's history: the browser's (`browserHistory`) or an array of entries (`memoryHistory`). */
export interface AppHistory {
  /** The same object until the app moves. */
  visit(): Visit;
  push(to: string): void;
  replace(to: string): void;
  go(delta: number): void;
  listen(listener: HistoryListener): () => void;
}

type EntryState = { key: string; index: number };

const newKey = () => Math.random().toString(36).slice(2, 10);

/** `to` is an address within the app ("/path?query#hash"), resolved as the browser would. */
function addressOf(to: string, base: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const { pathname, search, hash } = new URL(to, base);
  return { pathname, search, hash };
}

const isEntryState = (state: unknown): state is EntryState =>
  typeof (state as EntryState | null)?.key === 'string' && typeof (state as EntryState).index === 'number';

let browser: AppHistory | undefined;

/**
 * The browser's history (one for the page). Each entry keeps its key and place in `history.state`,
 * so after a reload the app still knows whether a step back stays inside it.
 */
export function browserHistory(): AppHistory {
  browser ??= createBrowserHistory();
  return browser;
}

function createBrowserHistory(): AppHistory {
  const listeners = new Set<HistoryListener>();
  if (!isEntryState(window.history.state)) {
    window.history.replaceState({ key: 'default', index: 0 } satisfies EntryState, '');
  }
  const read = (): Location => {
    const { key, index } = window.history.state as EntryState;
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, key, index };
  };
  let visit: Visit = { location: read(), type: 'POP' };
  const settle = (type: NavigationType) => {
    visit = { location: read(), type };
    for (const listener of listeners) listener();
  };
  window.addEventListener('popstate', () => {
    // Entries the app did not make (a hash typed in) carry no state; they are counted as new.
    if (!isEntryState(window.history.state)) {
      window.history.replaceState(
        { key: newKey(), index: visit.location.index + 1 } satisfies EntryState,
        '',
      );
    }
    settle('POP');
  });
  return {
    visit: () => visit,
    push(to) {
      const state: EntryState = { key: newKey(), index: visit.location.index + 1 };
      window.history.pushState(state, '', to);
      settle('PUSH');
    },
    replace(to) {
      const state: EntryState = { key: newKey(), index: visit.location.index };
      window.history.replaceState(state, '', to);
      settle('REPLACE');
    },
    go: (delta) => window.history.go(delta),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const MEMORY_BASE = 'http://app.invalid';

/** A history kept in memory, for tests: `entries` as if visited in turn, standing at `index`. */
export function memoryHistory(entries: readonly string[] = ['/'], index = entries.length - 1): AppHistory {
  const listeners = new Set<HistoryListener>();
  const entry = (to: string, at: number, key = newKey()): Location => ({
    ...addressOf(to, MEMORY_BASE),
    key,
    index: at,
  });
  const stack = entries.map((to, at) => entry(to, at, at === 0 ? 'default' : undefined));
  let at = Math.min(Math.max(index, 0), stack.length - 1);
  let visit: Visit = { location: stack[at] as Location, type: 'POP' };
  const settle = (type: NavigationType) => {
    visit = { location: stack[at] as Location, type };
    for (const listener of listeners) listener();
  };
  const hrefOf = (to: string) => {
    const { pathname, search, hash } = stack[at] as Location;
    return new URL(to, `${MEMORY_BASE}${pathname}${search}${hash}`).href;
  };
  return {
    visit: () => visit,
    push(to) {
      stack.splice(at + 1, stack.length, entry(hrefOf(to), at + 1));
      at += 1;
      settle('PUSH');
    },
    replace(to) {
      stack[at] = entry(hrefOf(to), at);
      settle('REPLACE');
    },
    go(delta) {
      const next = Math.min(Math.max(at + delta, 0), stack.length - 1);
      if (next === at) return;
      at = next;
      settle('POP');
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The path an address is at: its query and hash dropped, a trailing slash too (`/` stays `/`). */
export const pathOf = (href: string) => (href.split(/[?#]/)[0] ?? '').replace(/(.)\/+$/, '$1');
