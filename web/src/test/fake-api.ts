import { vi } from 'vitest';
import { jsonResponse } from './render';

export type FakeRoute = (init: RequestInit & { headers: Headers }) => Response | Promise<Response>;

/**
 * Stubs the global fetch with a server answering "METHOD /path" (the path decoded) from `routes`,
 * and /api/csrf on its own. An unknown request fails like a lost connection.
 */
export function stubApi(routes: Record<string, FakeRoute>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${decodeURIComponent(String(input))}`;
    if (key === 'GET /api/csrf') return jsonResponse({ token: 'csrf-token' });
    const route = routes[key];
    if (!route) throw new TypeError(`Failed to fetch (no fake route for ${key})`);
    return route({ ...init, headers: new Headers(init.headers) });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    callsTo: (key: string) =>
      fetchMock.mock.calls
        .filter(([input, init]) => `${init?.method ?? 'GET'} ${decodeURIComponent(String(input))}` === key)
        .map(([, init]) => new Headers(init?.headers)),
  };
}

/**
 * `routes`, with `fallback` answering every request that starts with `prefix` and is not among
 * them: a screen's side request (a report's weeks) that a test is not about.
 */
export function withFallback(
  routes: Record<string, FakeRoute>,
  prefix: string,
  fallback: FakeRoute,
): Record<string, FakeRoute> {
  return new Proxy(routes, {
    get: (target, key) =>
      typeof key === 'string' && !(key in target) && key.startsWith(prefix)
        ? fallback
        : target[key as string],
  });
}
