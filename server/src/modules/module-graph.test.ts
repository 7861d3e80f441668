import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Modules import each other one way: a module that needs what two others know sits above both (as
// me/ above users, gifts and privacy), and a type two modules share lives with the concept's owner.
// A loop between folders makes every module on it load, build and change with all the others.

const modulesDir = import.meta.dirname;

/** Module folder → the folders its files import, each with the imports that make the edge. */
type FolderGraph = Map<string, Map<string, string[]>>;

/** What a file imports or re-exports: type-only, side-effect and dynamic imports too. */
const specifiersOf = (source: string) =>
  [
    ...source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]/gm),
    ...source.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...source.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map(([, specifier]) => specifier as string);

const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(file);
    // A test sits above every module it drives: its imports are not the module's.
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });

/** The folders of modules/ and the imports between them. */
function folderGraph(): FolderGraph {
  const graph: FolderGraph = new Map();
  const folders = readdirSync(modulesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const { name: folder } of folders) {
    const edges = new Map<string, string[]>();
    graph.set(folder, edges);
    for (const file of sourcesUnder(path.join(modulesDir, folder))) {
      for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
        if (!specifier.startsWith('.')) continue;
        const target = path.relative(modulesDir, path.resolve(path.dirname(file), specifier));
        const [to, ...rest] = target.split(path.sep);
        // Outside modules/, a file beside the folders (manifest.ts), or the folder's own.
        if (to === undefined || to === '..' || rest.length === 0 || to === folder) continue;
        edges.set(to, [...(edges.get(to) ?? []), `${path.relative(modulesDir, file)} → ${target}`]);
      }
    }
  }
  return graph;
}

/** A loop of folders (its first folder again at its end), or undefined when the graph has none. */
function loopIn(graph: FolderGraph): string[] | undefined {
  const done = new Set<string>();
  const trail: string[] = [];
  const visit = (folder: string): string[] | undefined => {
    const at = trail.indexOf(folder);
    if (at >= 0) return [...trail.slice(at), folder];
    if (done.has(folder)) return undefined;
    trail.push(folder);
    for (const next of graph.get(folder)?.keys() ?? []) {
      const loop = visit(next);
      if (loop) return loop;
    }
    trail.pop();
    done.add(folder);
    return undefined;
  };
  for (const folder of graph.keys()) {
    const loop = visit(folder);
    if (loop) return loop;
  }
  return undefined;
}

/** The loop, each step with the imports that make it. */
const told = (graph: FolderGraph, loop: string[]) =>
  [
    loop.join(' → '),
    ...loop.slice(1).flatMap((to, step) => {
      const from = loop[step] as string;
      return (graph.get(from)?.get(to) ?? []).map((edge) => `  ${edge}`);
    }),
  ].join('\n');

const graphOf = (edges: Record<string, string[]>): FolderGraph =>
  new Map(
    Object.entries(edges).map(([from, tos]) => [
      from,
      new Map(tos.map((to) => [to, [`${from}/x.ts → ${to}/y.ts`]])),
    ]),
  );

describe('the modules of server/src/modules', () => {
  it('import each other without a loop, type-only imports too', () => {
    const graph = folderGraph();
    expect([...graph.values()].reduce((edges, to) => edges + to.size, 0)).toBeGreaterThan(50);
    const loop = loopIn(graph);
    expect(loop && told(graph, loop)).toBeUndefined();
  });

  it('are read as a graph that finds a loop where there is one, and names its imports', () => {
    const graph = graphOf({ users: ['audit'], gifts: ['users'], audit: ['gifts'], me: ['users'] });
    const loop = loopIn(graph);
    expect(loop).toEqual(['users', 'audit', 'gifts', 'users']);
    expect(told(graph, loop as string[])).toContain('gifts/x.ts → users/y.ts');
    expect(loopIn(graphOf({ me: ['users', 'gifts'], gifts: ['users'], users: [] }))).toBeUndefined();
  });

  it('see a type-only import and a re-export as an import', () => {
    const source =
      "import type { A } from '../a/a.ts';\nexport { b } from '../b/b.ts';\nconst c = await import('../c/c.ts');\n";
    expect(specifiersOf(source).sort()).toEqual(['../a/a.ts', '../b/b.ts', '../c/c.ts']);
  });
});
