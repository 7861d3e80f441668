import { expect, type Page } from '@playwright/test';

/**
 * Waits until the offline shell (web/offline-shell/sw.js) keeps the page and every script and style it
 * loaded, as a phone has them after one visit with a network.
 */
export async function untilShellKept(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const assets = performance
            .getEntriesByType('resource')
            .map((entry) => entry.name)
            .filter((name) => new URL(name).pathname.startsWith('/assets/'));
          const kept = await Promise.all(['/', ...assets].map((asset) => caches.match(asset)));
          return kept.every(Boolean);
        }),
      // The worker starts when the page is idle, a few seconds on a busy machine: bounded by the test.
      { timeout: 0 },
    )
    .toBe(true);
}
