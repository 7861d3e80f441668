import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const migrations = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

/**
 * The migrations folder as it stood up to `tag`, without it or with it: a migration is tested on
 * data written before it, and its outcome without what later migrations add. `cleanUp` removes the
 * folders made.
 */
export function migrationsUpTo() {
  const folders: string[] = [];
  return {
    folder(tag: string, withIt: boolean): string {
      const folder = mkdtempSync(path.join(tmpdir(), 'kss-migrations-'));
      folders.push(folder);
      const journal = JSON.parse(readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as {
        entries: { tag: string }[];
      };
      const at = journal.entries.findIndex((entry) => entry.tag === tag);
      if (at === -1) throw new Error(`no migration ${tag}`);
      const entries = journal.entries.slice(0, withIt ? at + 1 : at);
      mkdirSync(path.join(folder, 'meta'));
      writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
      for (const entry of entries)
        copyFileSync(path.join(migrations, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
      return folder;
    },
    cleanUp() {
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    },
  };
}
