import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { WATCHED_COLUMNS } from './watched-columns.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface TriggerRow {
  name: string;
  columns: string[];
  definition: string;
  source: string;
}

/** The triggers of purchased_coupons as the database holds them: columns, definition, function body. */
async function triggers(): Promise<TriggerRow[]> {
  const result = await t.database.db.execute(sql`
    SELECT t.tgname AS name,
      array(SELECT a.attname::text FROM unnest(t.tgattr::int2[]) AS k(attnum)
              JOIN pg_attribute a ON a.attrelid = t.tgrelid AND a.attnum = k.attnum ORDER BY 1) AS columns,
      pg_get_triggerdef(t.oid) AS definition, p.prosrc AS source
    FROM pg_trigger t
    JOIN pg_class c ON c.oid = t.tgrelid
    JOIN pg_proc p ON p.oid = t.tgfoid
    WHERE c.relname = 'purchased_coupons' AND NOT t.tgisinternal`);
  return (result as unknown as { rows: TriggerRow[] }).rows;
}

/** The columns a text reads of the row before or after the change: OLD.x, NEW.x. */
const rowColumns = (text: string) =>
  [...new Set([...text.matchAll(/\b(?:old|new)\."?(\w+)"?/gi)].map((match) => match[1] as string))].sort();

describe('the columns the triggers of a purchased coupon watch', () => {
  it('are the ones WATCHED_COLUMNS lists, trigger by trigger', async () => {
    const watching = (await triggers()).filter((trigger) => trigger.columns.length > 0);
    expect(Object.fromEntries(watching.map((trigger) => [trigger.name, trigger.columns]))).toEqual(
      Object.fromEntries(
        Object.entries(WATCHED_COLUMNS).map(([name, columns]) => [name, [...columns].sort()]),
      ),
    );
  });

  it('are the ones a trigger’s WHEN compares, and cover what its function decides by', async () => {
    for (const trigger of await triggers()) {
      const watched = WATCHED_COLUMNS[trigger.name as keyof typeof WATCHED_COLUMNS];
      if (!watched) continue;
      const when = /\bWHEN \((.*)\) EXECUTE\b/s.exec(trigger.definition)?.[1];
      if (when) expect([trigger.name, rowColumns(when)]).toEqual([trigger.name, [...watched].sort()]);
      // Which row and whom to tell are not what changed: its id and owner.
      const decidedBy = rowColumns(trigger.source).filter((column) => !['id', 'owner_id'].includes(column));
      expect([
        trigger.name,
        decidedBy.filter((column) => !(watched as readonly string[]).includes(column)),
      ]).toEqual([trigger.name, []]);
    }
  });
});
