import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `column` within days `from`..`to`, both included, as counted in `timeZone`: from midnight at the
 * start of `from` to midnight after `to`. Either end may be open.
 */
export function withinDays(column: PgColumn | SQL, timeZone: string, from?: string, to?: string): SQL {
  const parts: SQL[] = [];
  if (from) parts.push(sql`${column} >= (${from}::date)::timestamp AT TIME ZONE ${timeZone}`);
  if (to) parts.push(sql`${column} < (${to}::date + 1)::timestamp AT TIME ZONE ${timeZone}`);
  return parts.length > 0 ? sql.join(parts, sql` AND `) : sql`true`;
}
