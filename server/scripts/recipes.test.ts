import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
const RECIPES = 'docs/recipes.md';

interface Snippet {
  /** The line of its opening fence in the document. */
  line: number;
  /** The file it says it is quoted from, after the fence's language. */
  source: string | undefined;
  lines: string[];
}

/** The fenced snippets of a Markdown text, indented ones (inside a list) too. */
function snippetsOf(markdown: string): Snippet[] {
  const fence = /^([ \t]*)```\S*[ \t]*(\S*)[ \t]*\n([\s\S]*?)^\1```[ \t]*$/gm;
  return [...markdown.matchAll(fence)].map((match) => ({
    line: markdown.slice(0, match.index).split('\n').length,
    source: match[2] || undefined,
    lines: (match[3] as string).split('\n').slice(0, -1),
  }));
}

/**
 * What of a snippet is not in its file, as `document:line: why`. Lines are compared without their
 * indentation (a snippet may be quoted from inside a block), in the file's order and next to each
 * other, so a snippet that was true once and then drifted fails.
 */
function staleIn(document: string, snippets: Snippet[], read: (file: string) => string | undefined) {
  return snippets.flatMap(({ line, source, lines }) => {
    if (!source) return [`${document}:${line}: a snippet without the file it is quoted from`];
    const text = read(source);
    if (text === undefined) return [`${document}:${line}: ${source} does not exist`];
    const quoted = lines.map((l) => l.trim());
    const file = text.split('\n').map((l) => l.trim());
    const at = file.findIndex((_, start) => quoted.every((l, i) => file[start + i] === l));
    if (at >= 0) return [];
    const longest = quoted.findIndex((_, n) =>
      file.every((__, start) => !quoted.slice(0, n + 1).every((l, i) => file[start + i] === l)),
    );
    return [`${document}:${line + 1 + longest}: not in ${source}: ${quoted[longest]}`];
  });
}

const readRepoFile = (file: string) => {
  const full = path.join(repo, file);
  return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
};

describe('the recipes quote the code as it is (docs/recipes.md)', () => {
  it('has every snippet in the file it names', () => {
    const snippets = snippetsOf(readFileSync(path.join(repo, RECIPES), 'utf8'));
    expect(snippets.length).toBeGreaterThan(3);
    expect(staleIn(RECIPES, snippets, readRepoFile)).toEqual([]);
  });

  it('names the first line that drifted, a missing file and a snippet without a source', () => {
    const markdown = [
      'Intro.',
      '```ts a.ts',
      'const a = 1;',
      'const b = 3;',
      '```',
      '- In a list:',
      '  ```ts a.ts',
      '    const b = 2;',
      '  ```',
      '```ts gone.ts',
      'x',
      '```',
      '```ts',
      'y',
      '```',
    ].join('\n');
    const files: Record<string, string> = { 'a.ts': 'function f() {\n  const a = 1;\n  const b = 2;\n}\n' };
    expect(staleIn('doc.md', snippetsOf(markdown), (file) => files[file])).toEqual([
      'doc.md:4: not in a.ts: const b = 3;',
      'doc.md:10: gone.ts does not exist',
      'doc.md:13: a snippet without the file it is quoted from',
    ]);
  });
});
