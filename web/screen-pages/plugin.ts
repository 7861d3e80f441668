import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** A screen's component module: src/pages/<folder>/<name>-page.tsx, the folder named as its path. */
const SCREEN_MODULE = /\/src\/pages\/([a-z-]+)\/[a-z-]+-page\.tsx$/;

/** Where a screen's page goes in the build, by the screen's folder (its path without the slash). */
const screenPageFile = (folder: string) => `screens/${folder}.html`;

const isChunk = (output: OutputBundle[string] | undefined): output is OutputChunk => output?.type === 'chunk';

/** A chunk's file and every file it imports statically, all the way down. */
function staticClosure(bundle: OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (!isChunk(chunk) || into.has(fileName)) return into;
  into.add(fileName);
  for (const imported of chunk.imports) staticClosure(bundle, imported, into);
  return into;
}

/** The styles Vite loads before the given chunks run. */
function stylesOf(bundle: OutputBundle, files: Set<string>): string[] {
  const styles = new Set<string>();
  for (const file of files) {
    const chunk = bundle[file];
    if (isChunk(chunk)) for (const style of chunk.viteMetadata?.importedCss ?? []) styles.add(style);
  }
  return [...styles];
}

/** The meta element that names the list of files to fetch ahead (read by web/src/lib/fetch-ahead.ts). */
const LAZY_FILES_META = 'lazy-files';

/** A module loaded on demand, by its path under src/ without its extension. */
const LAZY_MODULE = /\/web\/src\/(.+)\.tsx?$/;

/**
 * Writes beside index.html one page per screen, `screens/<folder>.html`: index.html that also asks
 * for the screen's own chunk, the chunks it imports and its styles, so that they come together with
 * the app's entry instead of after the entry has run (150 ms of My QR's Lighthouse LCP).
 * The server sends a screen's page for the screen's path (server/src/plugins/static.ts).
 *
 * Every page, index.html too, also names a JSON asset of the files of each screen by its folder and
 * of each other chunk loaded on demand by its module: a page fetches its buttons' screens ahead
 * from that list without running them (src/lib/fetch-ahead.ts). The list is an asset of its own,
 * hashed like the rest, not in the page: some 20 KB that no first screen waits for.
 */
export function screenPages(): Plugin {
  /** The scripts some first screen runs at once and all but whole: the entry, and each screen's own chunk. */
  const firstLoad = new Set<string>();
  return {
    name: 'kss-screen-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      const entry = Object.values(bundle).find(
        (output) => isChunk(output) && output.isEntry && output.facadeModuleId?.endsWith('/index.html'),
      );
      if (index?.type !== 'asset' || !isChunk(entry))
        throw new Error('the build has no index.html to extend');
      const inEntry = staticClosure(bundle, entry.fileName);
      firstLoad.clear();
      firstLoad.add(entry.fileName);
      const entryStyles = new Set(stylesOf(bundle, inEntry));
      const screens = new Map<string, { scripts: string[]; styles: string[] }>();
      const files: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (!isChunk(output) || !output.isDynamicEntry) continue;
        const scripts = [...staticClosure(bundle, output.fileName)].filter((file) => !inEntry.has(file));
        const styles = stylesOf(bundle, new Set(scripts)).filter((file) => !entryStyles.has(file));
        const folder = SCREEN_MODULE.exec(output.facadeModuleId ?? '')?.[1];
        if (folder) {
          screens.set(folder, { scripts, styles });
          firstLoad.add(output.fileName);
        }
        const key = folder ?? LAZY_MODULE.exec(output.facadeModuleId ?? '')?.[1];
        if (key) files[key] = [...scripts, ...styles].map((file) => `/${file}`);
      }
      const list = this.getFileName(
        this.emitFile({ type: 'asset', name: 'lazy-files.json', source: JSON.stringify(files) }),
      );
      const meta = `<meta name="${LAZY_FILES_META}" content="/${list}">`;
      const page = String(index.source).replace(/\s*<\/head>/, `\n    ${meta}\n  </head>`);
      index.source = page;
      for (const [folder, { scripts, styles }] of screens) {
        const links = [
          ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
        ];
        this.emitFile({
          type: 'asset',
          fileName: screenPageFile(folder),
          source: page.replace(/\s*<\/head>/, `\n    ${links.join('\n    ')}\n  </head>`),
        });
      }
    },
    // V8's explicit compile hint on the scripts a first screen runs: Chrome (136 on, and Android's
    // WebView with it) then compiles its functions on the thread that streams it in, rather than
    // each on the main thread at its first call in the first render (Home's Lighthouse blocking
    // time about 1.2 → 0.7 s; docs/performance.md). Other engines read a comment. Written into the
    // files as built: the minifier drops comments, and Vite's last touches come after the hooks.
    writeBundle(options) {
      for (const file of firstLoad) {
        const built = path.join(options.dir ?? '', file);
        writeFileSync(built, `//# allFunctionsCalledOnLoad\n${readFileSync(built, 'utf8')}`);
      }
    },
  };
}
