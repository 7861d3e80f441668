import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { offlineShell } from './offline-shell/plugin';
import { screenPages } from './screen-pages/plugin';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** My QR's early request (src/early/my-qr-early.ts): an entry of its own, which index.html loads apart. */
const EARLY_ENTRY = 'src/early/my-qr-early.ts';
const EARLY_NAME = 'my-qr-early';

/**
 * Puts the early script first in index.html, `async`, so it starts with the page rather than after
 * the app's scripts; built, it is a hashed asset like the others (cached for good, CSP's 'self').
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
        return [{ tag: 'script', attrs: { type: 'module', async: true, src }, injectTo: 'head-prepend' }];
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
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
    },
  },
});
