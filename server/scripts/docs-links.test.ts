import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');

/** README and the docs of ours (the spec is a copy of a text kept elsewhere). */
const DOCS = [
  'README.md',
  ...readdirSync(path.join(repo, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  ...readdirSync(path.join(repo, 'docs/adr')).map((name) => `docs/adr/${name}`),
];

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchorsIn(file: string): Set<string> {
  const text = readFileSync(path.join(repo, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => anchorOf(heading as string)));
}

/** `file: link` for each relative link whose file or heading is not there. */
function brokenLinks(): string[] {
  return DOCS.flatMap((file) => {
    const text = readFileSync(path.join(repo, file), 'utf8').replace(/```[\s\S]*?```/g, '');
    return [...text.matchAll(/\]\(([^)\s]+)\)/g)].flatMap(([, link]) => {
      const target = link as string;
      if (/^[a-z]+:/i.test(target)) return [];
      const [targetPath, anchor] = target.split('#') as [string, string | undefined];
      const targetFile = targetPath === '' ? file : path.join(path.dirname(file), targetPath);
      if (!existsSync(path.join(repo, targetFile))) return [`${file}: ${target}`];
      if (anchor === undefined || !targetFile.endsWith('.md')) return [];
      return anchorsIn(targetFile).has(anchor) ? [] : [`${file}: ${target}`];
    });
  });
}

describe('the docs', () => {
  it('link only to files and headings that are there', () => {
    expect(brokenLinks()).toEqual([]);
  });

  it('keep the README to a newcomer’s first read, the operator’s book in docs/operations.md', () => {
    const lines = readFileSync(path.join(repo, 'README.md'), 'utf8').split('\n').length;
    expect(lines).toBeLessThan(150);
  });
});
