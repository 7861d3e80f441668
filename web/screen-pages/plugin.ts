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

/**
 * Writes beside index.html one page per screen, `screens/<folder>.html`: index.html that also asks
 * for the screen's own chunk, the chunks it imports and its styles, so that they come together with
 * the app's entry instead of after the entry has run (issue 14: 150 ms of My QR's Lighthouse LCP).
 * The server sends a screen's page for the screen's path (server/src/plugins/static.ts).
 */
export function screenPages(): Plugin {
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
      const page = String(index.source);
      const inEntry = staticClosure(bundle, entry.fileName);
      const entryStyles = new Set(stylesOf(bundle, inEntry));
      for (const output of Object.values(bundle)) {
        const folder =
          isChunk(output) && output.isDynamicEntry && SCREEN_MODULE.exec(output.facadeModuleId ?? '')?.[1];
        if (!folder) continue;
        const scripts = [...staticClosure(bundle, output.fileName)].filter((file) => !inEntry.has(file));
        const styles = stylesOf(bundle, new Set(scripts)).filter((file) => !entryStyles.has(file));
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
  };
}
