import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { PAGE_INLINE_SCRIPT } from '../contract/src/page-inline-script.ts';
import { offlineShell } from './offline-shell/plugin.ts';
import { screenPages } from './screen-pages/plugin.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** The early requests (src/early/early-requests.ts): an entry of its own, which index.html loads apart. */
const EARLY_ENTRY = 'src/early/early-requests.ts';
const EARLY_NAME = 'early-requests';

/**
 * Puts the early script first in index.html, `async`, so it starts with the page rather than after
 * the app's scripts; built, it is a hashed asset like the others (cached for good, CSP's 'self').
 * Before it, the page's one inline script (contract/src/page-inline-script.ts).
 */
function earlyScript(): Plugin {
  return {
    name: 'kss-early-script',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const built = Object.values(bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === EARLY_NAME,
        );
        const src = built ? `/${built.fileName}` : `/${EARLY_ENTRY}`;
        return [
          { tag: 'script', children: PAGE_INLINE_SCRIPT, injectTo: 'head-prepend' },
          { tag: 'script', attrs: { type: 'module', async: true, src }, injectTo: 'head-prepend' },
        ];
      },
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [react(), earlyScript(), offlineShell(), screenPages()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: '../dist/web',
    // Browsers that run the app (Telegram's webviews, current Chrome and Safari) know modulepreload;
    // the polyfill would only add to the first screen's script.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), [EARLY_NAME]: EARLY_ENTRY },
      output: {
        // Whatever the entry needs (React, TanStack Query, the router, the page frame) in one chunk,
        // not six: a first load over a slow link pays a round trip and a share of the bandwidth for
        // every file (My QR's Lighthouse LCP 2.2 → 2.05 s, Home's 1.8 → 1.7 s).
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'], test: (id: string) => !id.includes('/src/early/') }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
    },
  },
});
