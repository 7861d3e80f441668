import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach } from 'vitest';
import { authoriseRequestsWith } from '@/lib/api';
import { launchAuthScheme, launchInitData } from '@/messenger/launch-params';

// findBy… and waitFor wait up to 15 s (Testing Library’s default is 1 s): a bound on waiting on a loaded runner.
configure({ asyncUtilTimeout: 15_000 });

// As main.tsx does: requests carry the init data of the launch a test makes.
authoriseRequestsWith(launchInitData, launchAuthScheme);

// jsdom loads no images, so there is nothing to decode: every browser the app runs in has decode().
HTMLImageElement.prototype.decode ??= () => Promise.resolve();

// jsdom has no IndexedDB: every test starts with an empty one of its own.
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
