import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy } from 'react';

/** What a screen's module may export beside its component: a start on the data it first shows. */
export type ScreenModule = { prefetch?: (queryClient: QueryClient) => void };

export interface LazyScreen {
  Component: ComponentType;
  /** Fetches the screen's chunk (once; a failed fetch is tried again next time). */
  load(): Promise<ScreenModule>;
}

/** A screen in a chunk of its own, fetched when first shown or earlier through `load()`. */
export function lazyScreen<M extends object>(
  importer: () => Promise<M>,
  pick: (module: M) => ComponentType,
): LazyScreen {
  let loading: Promise<M> | undefined;
  const load = () => {
    loading ??= importer().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    Component: lazy(() => load().then((module) => ({ default: pick(module) }))),
    load: () => load() as Promise<ScreenModule>,
  };
}
