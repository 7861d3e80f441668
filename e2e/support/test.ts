import { test as base } from '@playwright/test';
import { E2E_BASE_URL } from './constants.ts';

/**
 * Playwright's test, aimed at this worker's own server: the config is read once, in the runner,
 * where no worker's index is known, so the base URL is a fixture read in the worker.
 */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(E2E_BASE_URL);
  },
});

export { expect } from '@playwright/test';
