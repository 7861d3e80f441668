import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Writes `coupon.expired` for each unused coupon whose expiry has passed, once: one statement marks
 * the coupons and appends their events, so any number of processes may run it at the same time.
 * The coupon needs no change of status: its expiry alone refuses it (coupon-state.ts).
 */
export async function recordExpiries(db: Db): Promise<number> {
  const result = await db.execute(sql`
    WITH expired AS (
      UPDATE purchased_coupons SET expiry_recorded_at = now()
      WHERE status = 'NOT_USED' AND expires_at <= now() AND expiry_recorded_at IS NULL
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
