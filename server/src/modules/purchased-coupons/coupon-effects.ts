import type { Db } from '../../db/client.ts';

/**
 * Something a change of a purchased coupon sets going besides the change itself, written in the
 * change's own transaction: its audit row, a message through the outbox (sent after the commit), a
 * unit handed to the offer's line. Each operation lists its own in one table, so what a gift or a
 * refund does is read in one place and a feature that follows one is one more line there:
 * redemption/redemption-effects.ts (redeem, undo), gifts/gift-effects.ts (gift, hold, claim,
 * unhold), admin-purchases/refund-effects.ts (refund, void), purchases/issue-effects.ts (issue,
 * and a refund the provider made on its own).
 */
export type CouponEffect<Change> = (tx: Db, change: Change) => Promise<unknown>;

/** Runs an operation's effects in its transaction, in the order its table lists them. */
export async function runEffects<Change>(
  tx: Db,
  effects: readonly CouponEffect<Change>[],
  change: Change,
): Promise<void> {
  for (const effect of effects) await effect(tx, change);
}
