import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, useState } from 'react';

/** What a screen's module may export beside its component: a start on the data it first shows. */
export type ScreenModule = { prefetch?: (queryClient: QueryClient) => void };

export interface LazyScreen {
  /** The screen's component once its chunk has come. */
  loaded(): ComponentType | undefined;
  /** The screen's component that suspends until its chunk has come. */
  Suspending: ComponentType;
  /** Fetches the screen's chunk (once; a failed fetch is tried again next time). */
  load(): Promise<ScreenModule>;
}

/** A screen in a chunk of its own, fetched when first shown (`<Screen>`) or earlier through `load()`. */
export function lazyScreen<M extends object>(
  importer: () => Promise<M>,
  pick: (module: M) => ComponentType,
): LazyScreen {
  let loading: Promise<M> | undefined;
  let component: ComponentType | undefined;
  const load = () => {
    loading ??= importer().then(
      (module) => {
        component = pick(module);
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    loaded: () => component,
    Suspending: lazy(() => load().then((module) => ({ default: pick(module) }))),
    load: () => load() as Promise<ScreenModule>,
  };
}

/**
 * Draws a lazy screen. One whose chunk has already come is drawn at once, without suspending: the
 * page transition's fallback is for chunks still on their way, and React holds back what a fallback
 * gave way to for up to 300 ms after the fallback was shown (that hold was most of My QR's
 * first paint). Keyed by its screen where one place shows one screen, then another.
 */
export function Screen({ screen }: { screen: LazyScreen }) {
  // Chosen once per mount: switching from the suspending wrapper to the component would remount it.
  const [Component] = useState<ComponentType>(() => screen.loaded() ?? screen.Suspending);
  return <Component />;
}
