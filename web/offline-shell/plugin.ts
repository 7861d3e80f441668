import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const TEMPLATE = new URL('./sw.js', import.meta.url);

/**
 * Emits the offline shell's worker as `/sw.js` with the build's files written in: every script and
 * style (the QR decoder's wasm, 321 KB on the wire, is kept only once the check screen asks for it).
 * Its name in the cache changes with the files, so each build's worker keeps a set of its own.
 */
export function offlineShell(): Plugin {
  return {
    name: 'kss-offline-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((file) => file.startsWith('assets/') && /\.(js|css|svg)$/.test(file))
        .sort()
        .map((file) => `/${file}`);
      const build = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const source = readFileSync(TEMPLATE, 'utf8')
        .replace("'__BUILD__'", JSON.stringify(build))
        .replace("['__FILES__']", JSON.stringify(files));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
