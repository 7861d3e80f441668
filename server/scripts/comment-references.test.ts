import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['server', 'web', 'contract', 'e2e', 'test-support'];
const SCRIPT = /\.(ts|tsx|js|mjs|cjs)$/;
const OTHER = /\.(css|html|sql)$/;
/**
 * The word issue or session with a number after it: a pointer into a tracker or a diary that the
 * reader a year from now does not have. Whitespace and a comment's leading `*` may split it.
 */
const REFERENCE = /\b(issue|session)s?(\s|\*|\/\/|--)*#?\d+/gi;

interface Comment {
  start: number;
  text: string;
}

/** Every file of ours whose comments a reader meets. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : sourceFiles(full);
    return SCRIPT.test(entry.name) || OTHER.test(entry.name) ? [full] : [];
  });
}

/** The comments of a file, each with where it starts; a script's read by its parser, never in a string. */
function commentsOf(file: string, source: string): Comment[] {
  if (SCRIPT.test(file)) {
    return parseSync(file, source).comments.map((comment) => ({
      start: comment.start,
      text: source.slice(comment.start, comment.end),
    }));
  }
  const syntax = file.endsWith('.html')
    ? /<!--[\s\S]*?-->/g
    : file.endsWith('.sql')
      ? /--[^\n]*|\/\*[\s\S]*?\*\//g
      : /\/\*[\s\S]*?\*\//g;
  return [...source.matchAll(syntax)].map((match) => ({ start: match.index, text: match[0] }));
}

/** `file:line: the reference` for each reference in a comment of the given sources. */
function referencesIn(files: Array<{ file: string; source: string }>): string[] {
  return files.flatMap(({ file, source }) =>
    commentsOf(file, source).flatMap((comment) =>
      [...comment.text.matchAll(REFERENCE)].map((match) => {
        const line = source.slice(0, comment.start + match.index).split('\n').length;
        return `${file}:${line}: ${match[0].replace(/\s+/g, ' ')}`;
      }),
    ),
  );
}

describe('code comments say why without a tracker', () => {
  it('name no issue or session by its number', () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(repo, folder))).map((file) => ({
      file: path.relative(repo, file),
      source: readFileSync(file, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(900);
    expect(referencesIn(files)).toEqual([]);
  });

  it('finds a reference split across a comment’s lines, and none in a string or a text', () => {
    const source = [
      "const text = 'Выпуск 3: issue 12 in a string';",
      '/**',
      ' * Slower in one run (docs/performance.md, «Session',
      ' * 26»): the host, not the page.',
      ' */',
      'const label = <p>{/* see Issue #41 */}session 7 of the text</p>;',
      '// a session ends at midnight; an issue of the bot comes 2 days late',
    ].join('\n');
    expect(referencesIn([{ file: 'probe.tsx', source }])).toEqual([
      'probe.tsx:3: Session * 26',
      'probe.tsx:6: Issue #41',
    ]);
    expect(
      referencesIn([{ file: 'probe.sql', source: "-- the rule (issue 25)\nSELECT 'issue 9';" }]),
    ).toEqual(['probe.sql:1: issue 25']);
  });
});
