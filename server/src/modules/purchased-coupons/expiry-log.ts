import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { purchasedCoupons } from '../../db/schema.ts';
import { isInStateNow } from './visible-state.ts';

/**
 * Writes `coupon.expired` for each coupon whose visible state is EXPIRED, once: one statement marks
 * the coupons and appends their events, so any number of processes may run it at the same time.
 * The coupon needs no change of status: its expiry alone refuses it (coupon-state.ts). One whose
 * refund is under way is not logged: its money is going back, and should the provider refuse, the
 * coupon is EXPIRED then and logged by the next run.
 */
export async function recordExpiries(db: Db): Promise<number> {
  const result = await db.execute(sql`
    WITH expired AS (
      UPDATE ${purchasedCoupons} SET expiry_recorded_at = now()
      WHERE ${isInStateNow('EXPIRED')} AND expiry_recorded_at IS NULL
      RETURNING id, expires_at
    )
    INSERT INTO audit_events (kind, actor_id, subject, details)
    SELECT 'coupon.expired', NULL, 'purchase:' || id::text, jsonb_build_object('expiresAt', expires_at)
    FROM expired`);
  return (
    (result as { affectedRows?: number; rowCount?: number | null }).affectedRows ??
    (result as { rowCount?: number | null }).rowCount ??
    0
  );
}
