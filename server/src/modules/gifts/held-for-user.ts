import { sql } from 'drizzle-orm';
import { gifts, users } from '../../db/schema.ts';

/**
 * A gift held for the username a users row holds now, in the same messenger (ADR 0004: never one from an old init data),
 * given by someone else: what opening the app claims. `'HELD'` is written out so the partial index
 * on held gifts' usernames serves it.
 */
export const heldForUser = sql`lower(${gifts.toUsername}) = lower(${users.username})
  AND ${gifts.toMessenger} = ${users.messenger} AND ${gifts.status} = 'HELD' AND ${gifts.fromUserId} <> ${users.id}`;
