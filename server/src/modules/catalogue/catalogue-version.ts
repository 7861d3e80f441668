import type { Database } from '../../db/client.ts';
import { catalogueVersion } from '../../db/schema.ts';
import { batchedRead } from '../../queueing/batched-read.ts';

/** Where the triggers of migration 0021 tell of a change of the catalogue. */
const CHANGES_CHANNEL = 'catalogue_changed';

/**
 * The catalogue's version as every server process sees it: the row the triggers raise with each
 * change of partners and offers. On PostgreSQL it is read on every call, the calls that come together
 * sharing one statement; on PGlite, whose one process hears every change (`listen`), it is kept in
 * memory until a change is told, and a call reads nothing.
 */
export async function createCatalogueVersion({
  db,
  listen,
  statementName,
}: Pick<Database, 'db' | 'listen' | 'statementName'>) {
  // Prepared once, as My QR's version read: drizzle builds its SQL once, PostgreSQL plans it once
  // per connection.
  const versionRow = db
    .select({ version: catalogueVersion.version })
    .from(catalogueVersion)
    .prepare(statementName('catalogue_version'));
  const stored = batchedRead(async () => {
    const [row] = await versionRow.execute();
    return new Map([[0, row?.version ?? 0]]);
  });
  let kept: number | undefined;
  let changesHeard = 0;
  await listen?.(CHANGES_CHANNEL, () => {
    changesHeard += 1;
    kept = undefined;
  });

  return async function currentVersion(): Promise<number> {
    if (kept !== undefined) return kept;
    const heardBefore = changesHeard;
    const version = (await stored(0)) ?? 0;
    // A change told while the row was read may be newer than what was read: not kept then.
    if (listen && changesHeard === heardBefore) kept = version;
    return version;
  };
}
