import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__earlyGets;
  delete window.__earlyMyQr;
  window.history.replaceState(null, '', '/');
});

/** Runs the early script anew on the page as it is, as index.html loads it, and says what it asked. */
async function runEarlyScript() {
  const fetch = vi.fn((_path: string, _init?: RequestInit) => Promise.resolve(Response.json([])));
  vi.stubGlobal('fetch', fetch);
  vi.resetModules();
  await import('../early-requests');
  return fetch.mock.calls.map(([path, init]) => ({
    path,
    authorization: new Headers(init?.headers).get('Authorization'),
  }));
}

it("asks for the user at once, signed as MAX's launch under MAX's scheme", async () => {
  const initData = 'auth_date=1700000000&user=%7B%22id%22%3A5%7D&hash=abc';
  window.history.replaceState(
    null,
    '',
    `/#${new URLSearchParams({ WebAppData: initData, WebAppPlatform: 'ios', WebAppVersion: '26.2.8' })}`,
  );
  expect(await runEarlyScript()).toEqual([{ path: '/api/me', authorization: `max ${initData}` }]);
  expect(window.__earlyGets?.initData).toBe(initData);
});

it("asks as Telegram's launch under Telegram's scheme", async () => {
  const initData = 'auth_date=1700000000&user=%7B%22id%22%3A7%7D&hash=abc';
  window.history.replaceState(null, '', `/#${new URLSearchParams({ tgWebAppData: initData })}`);
  expect(await runEarlyScript()).toEqual([{ path: '/api/me', authorization: `tma ${initData}` }]);
});

it('asks nothing of a page no messenger launched', async () => {
  expect(await runEarlyScript()).toEqual([]);
  expect(window.__earlyGets).toBeUndefined();
});
