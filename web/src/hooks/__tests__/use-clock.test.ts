import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { clockIn } from '../use-clock';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** Product sources (no tests) of the web, the server and the contract. */
function productSources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '__tests__' && entry.name !== 'node_modules') walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(path);
    }
  };
  for (const dir of ['web/src', 'server/src', 'contract/src']) walk(join(root, dir));
  return files.map((path) => relative(root, path));
}

// A moment late on 1 July in UTC: already 2 July in Moscow (UTC+3) and Vladivostok (UTC+10).
const moment = '2026-07-01T21:05:00.000Z';

describe('the one clock', () => {
  it('writes every date and time in the zone it is given, with whose clock it is', () => {
    const moscow = clockIn('Europe/Moscow');
    expect(moscow.dateTime(moment)).toBe('02.07.2026 00:05 по Москве');
    expect(moscow.date(moment)).toBe('02.07.2026');
    expect(moscow.time(moment)).toBe('00:05');
    expect(moscow.note).toBe('по Москве');

    const vladivostok = clockIn('Asia/Vladivostok');
    expect(vladivostok.dateTime(moment)).toBe('02.07.2026 07:05 по Владивостоку');
    expect(vladivostok.time(moment)).toBe('07:05');

    const london = clockIn('Europe/London');
    expect(london.dateTime(moment)).toBe('01.07.2026 22:05 по времени GMT+1');
    expect(london.date(moment)).toBe('01.07.2026');
  });

  it('is the only place that formats a date or time: none reads the phone’s zone', () => {
    // isTimeZone in the server's config builds a formatter only to ask whether a zone name exists.
    const allowed = new Set(['contract/src/date-time.ts', 'server/src/config.ts']);
    const formatting =
      /new Intl\.DateTimeFormat\(|toLocale(Date|Time)String\(|resolvedOptions\(\)\.timeZone|\.get(UTC)?(Hours|Minutes|Date)\(/;
    const offenders = productSources().filter(
      (file) => !allowed.has(file) && formatting.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
