import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.ts';

/**
 * `npm run build`: the web app into a new folder, then `dist/web` switched to it in one rename(2),
 * so a server already serving from this checkout never finds the app missing (it follows the link
 * on every request). Unchanged sources are not built again. The build before stays on disk for
 * pages still open in browsers; older ones go, but never one another start is still writing.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = path.join(root, 'dist');
const live = path.join(dist, 'web');
const SOURCES = [
  'web',
  'contract/src',
  'package-lock.json',
  'tsconfig.base.json',
  'server/scripts/build-web.ts',
  'server/scripts/precompress.ts',
];

/**
 * The web app is always React's production build: a server started with NODE_ENV=development (or
 * a test runner's NODE_ENV=test) would otherwise hand Vite its mode, and the build cache would then
 * serve that 6 times heavier development build to every later start.
 */
const BUILD_MODE = 'production';

/**
 * A digest of everything the build reads, tests left out: equal digests, equal builds. Besides the
 * files, the mode and the `VITE_` variables Vite puts into `import.meta.env`.
 */
export function sourcesHash(base = root, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  hash.update(`mode=${BUILD_MODE}\0`);
  for (const name of Object.keys(env).sort())
    if (name.startsWith('VITE_')) hash.update(`${name}=${env[name]}\0`);
  const add = (file: string) => {
    const stat = lstatSync(file);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(file).sort()) {
        if (entry === 'node_modules' || entry === '__tests__' || /\.test\.tsx?$/.test(entry)) continue;
        add(path.join(file, entry));
      }
    } else {
      hash.update(path.relative(base, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  };
  for (const source of SOURCES) if (existsSync(path.join(base, source))) add(path.join(base, source));
  return hash.digest('hex');
}

/** The web app built into `outDir`, each file beside its brotli and gzip copies. */
export async function buildWebApp(outDir: string) {
  await viteBuild(outDir);
  precompress(outDir);
}

/**
 * Vite's build alone; `manifest` adds its map of chunks (`.vite/manifest.json`), which the size
 * budget of each screen reads.
 */
export async function viteBuild(outDir: string, options: { manifest?: boolean; quiet?: boolean } = {}) {
  const { build } = await import('vite');
  // Vite takes production-ness from NODE_ENV alone (its `mode` only picks the .env files), and
  // React's bundle follows it.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = BUILD_MODE;
  try {
    await build({
      configFile: path.join(root, 'web/vite.config.ts'),
      mode: BUILD_MODE,
      logLevel: options.quiet ? 'warn' : 'info',
      build: { outDir, emptyOutDir: true, manifest: options.manifest ?? false },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** Points `link` at `target` in one step: a new link made aside, then renamed over the old one. */
export function switchLink(link: string, target: string) {
  const aside = `${link}.${randomBytes(4).toString('hex')}`;
  symlinkSync(path.basename(target), aside);
  // Once only: a checkout built before this script has a real folder where the link goes.
  if (existsSync(link) && !lstatSync(link).isSymbolicLink()) renameSync(link, `${link}-before-links`);
  renameSync(aside, link);
}

async function main() {
  const digest = sourcesHash();
  // Beside the build, not in it: what the server serves stays the app alone.
  const liveHash =
    existsSync(live) && lstatSync(live).isSymbolicLink() ? `${path.join(dist, readlinkSync(live))}.hash` : '';
  if (liveHash && existsSync(liveHash) && readFileSync(liveHash, 'utf8') === digest) {
    console.log('web app unchanged since the last build; not built again');
    return;
  }
  // Two starts from one checkout may build at once: each into a folder of its own.
  const outDir = path.join(dist, `web-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`);
  await buildWebApp(outDir);
  writeFileSync(`${outDir}.hash`, digest);
  const before = existsSync(live) && lstatSync(live).isSymbolicLink() ? readlinkSync(live) : '';
  switchLink(live, outDir);
  pruneBuilds(dist, [path.basename(outDir), path.basename(before)]);
}

/** A build left unfinished this long ago (a build that crashed) is litter, not a build under way. */
const UNFINISHED_BUILD_TTL_MS = 60 * 60 * 1000;

/**
 * Removes the builds in `dist` but `keep` (the one just switched to, and the one live before it,
 * for pages loaded from it). A build without its `.hash` is still being written by another
 * `npm start` from this checkout, which switches to it next: it stays.
 */
export function pruneBuilds(dist: string, keep: string[], now = Date.now()) {
  for (const entry of readdirSync(dist)) {
    const build = entry.replace(/\.hash$/, '');
    if (!/^web-/.test(build) || keep.includes(build)) continue;
    const finished = existsSync(path.join(dist, `${build}.hash`));
    if (finished || now - lstatSync(path.join(dist, entry)).mtimeMs > UNFINISHED_BUILD_TTL_MS)
      rmSync(path.join(dist, entry), { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
