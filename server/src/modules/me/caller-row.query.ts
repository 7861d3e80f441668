import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gifts, users } from '../../db/schema.ts';
import { heldForUser } from '../gifts/held-for-user.ts';
import { storedConsent } from '../privacy/privacy.service.ts';
import type { CallerRow } from '../users/caller-row.ts';
import { storedMembership } from '../users/membership.service.ts';

/**
 * What /api/me reads of the caller's own row, in one statement: the membership as stored, the
 * consent and e-mail, and whether a gift is held for their username. The profile's write returns
 * it (users.service.ts), so a first open asks the database once; an open whose profile was written
 * lately selects it. A first open used to ask five statements in a row, and on PGlite a crowd of
 * first opens waits for every one of them (docs/performance.md, «The crowd»).
 */
const callerRow = {
  ...storedMembership,
  ...storedConsent,
  heldGiftWaits: sql<boolean>`EXISTS (SELECT 1 FROM ${gifts} WHERE ${heldForUser})`,
};

/** A user the database does not hold: in no chat, no consent, nothing waiting. */
const nobody: CallerRow = {
  member: false,
  checked: false,
  fresh: false,
  recent: false,
  email: null,
  consentEdition: null,
  heldGiftWaits: false,
};

/** The caller's row from a statement that writes it: `RETURNING ${returningCallerRow}`. */
export const returningCallerRow = sql<CallerRow>`${sql.join(
  Object.entries(callerRow).map(([name, column]) => sql`${column} AS ${sql.identifier(name)}`),
  sql`, `,
)}`;

export async function readCallerRow(db: Db, userId: number): Promise<CallerRow> {
  const [row] = await db.select(callerRow).from(users).where(eq(users.id, userId));
  return row ?? nobody;
}
