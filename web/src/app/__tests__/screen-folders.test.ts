import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';

/**
 * A screen's folder in pages/ is named as its path (Home's, `/`, is home/): the build writes each
 * screen's own page, which asks for its chunk with the entry, by that folder
 * (web/screen-pages/plugin.ts), and the server sends it for the path. A folder named otherwise
 * builds and works, only slower; this says so before a build does (server/scripts/web-budget.test.ts).
 */
const src = path.resolve(import.meta.dirname, '../..');
const folderOf = (routePath: string) => (routePath === '/' ? 'home' : routePath.slice(1));

const routes = Object.entries(paths).map(([name, route]) => ({ name, folder: folderOf(route.path) }));
const pageFolders = readdirSync(path.join(src, 'pages'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Each row of routes.tsx's table: the screen's name in `paths` and the folder its chunk comes from. */
const table = [
  ...readFileSync(path.join(src, 'app/routes.tsx'), 'utf8').matchAll(
    /^ {2}(\w+): lazyScreen\(\s*\(\) => import\('@\/pages\/([^/']+)\/[^']+'\)/gm,
  ),
].map(([, name, folder]) => ({ name, folder }));

describe('a screen’s folder is named as its path', () => {
  it.each(routes)('$name has pages/$folder/', ({ folder }) => {
    expect(pageFolders).toContain(folder);
  });

  it('every folder of pages/ is a path’s', () => {
    expect(pageFolders.filter((folder) => !routes.some((route) => route.folder === folder))).toEqual([]);
  });

  it('the route table loads each screen from its path’s folder, every path but Home’s', () => {
    expect(table.length).toBeGreaterThan(20);
    const byName = (a: { name?: string }, b: { name?: string }) => (a.name ?? '').localeCompare(b.name ?? '');
    expect([...table].sort(byName)).toEqual(routes.filter(({ name }) => name !== 'home').sort(byName));
  });
});
