import { useSyncExternalStore } from 'react';

/** Checks a stored value: what it holds, or undefined when it is not (or no longer) of its shape. */
export type ReadStored<T> = (value: unknown) => T | undefined;

/** Reads a JSON value; a missing, unreadable or outdated entry counts as absent. */
export function readStoredJson<T>(key: string, read: ReadStored<T>): T | undefined {
  try {
    const text = localStorage.getItem(key);
    if (text === null) return undefined;
    return read(JSON.parse(text));
  } catch {
    return undefined;
  }
}

export function writeStoredJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    // Storage may be full or disabled (private mode); the app keeps working from memory.
    console.warn(`Could not persist ${key}`, error);
  }
}

export function removeStored(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch (error) {
    console.warn(`Could not remove ${key}`, error);
  }
}

export type PersistedStore<T> = {
  get: () => T;
  set: (value: T) => void;
  subscribe: (listener: () => void) => () => void;
};

/** A value kept in localStorage that every component using it sees change at once. */
export function createPersistedStore<T>(key: string, read: ReadStored<T>, fallback: T): PersistedStore<T> {
  const listeners = new Set<() => void>();
  let current = readStoredJson(key, read) ?? fallback;

  return {
    get: () => current,
    set(value: T) {
      current = value;
      writeStoredJson(key, value);
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export function usePersistedValue<T>(store: PersistedStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get);
}
