import type { TAuditKind } from '#contract/reports';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';

/** What an audit event is about, as `<type>:<id>` (the subject column). */
export const subjectOf = {
  purchase: (purchasedCouponId: string) => `purchase:${purchasedCouponId}`,
  payment: (paymentId: string) => `payment:${paymentId}`,
  offer: (couponId: number) => `offer:${couponId}`,
  partner: (partnerId: number) => `partner:${partnerId}`,
  notification: (notificationId: number) => `notification:${notificationId}`,
  person: (userId: number) => `person:${userId}`,
};

export interface AuditEntry {
  kind: TAuditKind;
  /** The user who acted; null for the system (a provider's notice, a job). */
  actorId: number | null;
  subject: string;
  details?: Record<string, unknown>;
}

/**
 * Appends events to the audit log. Always called with the transaction of the change it records,
 * so a change that fails leaves no event and an event is never missing for a change that stayed.
 */
export async function recordAudit(executor: Pick<Db, 'insert'>, ...entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await executor.insert(auditEvents).values(
    entries.map((entry) => ({
      kind: entry.kind,
      actorId: entry.actorId,
      subject: entry.subject,
      details: entry.details ?? {},
    })),
  );
}
