import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
const copy = path.join(repo, 'docs/spec/SPEC.md');
/** Where the spec is written: beside the project, in the shared folder, not in every clone. */
const source = path.resolve(repo, '../shared/spec/SPEC.md');

/** Every file of ours that may name a section of the spec. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx|css|html|md)$/.test(entry.name) ? [full] : [];
  });
}

describe('the spec travels with the code (docs/spec/SPEC.md)', () => {
  // A clone has no shared folder beside it; the copy is then all there is to compare against.
  it.skipIf(!existsSync(source))('is the shared spec word for word', () => {
    expect(readFileSync(copy, 'utf8')).toBe(readFileSync(source, 'utf8'));
  });

  it('has every section «SPEC §N» in the code names', () => {
    const sections = new Set(
      [...readFileSync(copy, 'utf8').matchAll(/^## (\d+)\. /gm)].map((match) => match[1]),
    );
    const named = ['server', 'web', 'contract', 'e2e', 'test-support', 'docs'].flatMap((folder) =>
      sourceFiles(path.join(repo, folder)).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/SPEC §(\d+)/g)].map((match) => ({
          file: path.relative(repo, file),
          section: match[1] as string,
        })),
      ),
    );
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter(({ section }) => !sections.has(section))).toEqual([]);
  });
});
