import { AUDIT_KIND_TEXTS, type TAuditKind } from '#contract/reports';

const isAuditKind = (kind: string): kind is TAuditKind => Object.hasOwn(AUDIT_KIND_TEXTS, kind);

/** A kind's Russian name; a kind this app does not know yet shows as the server names it. */
export const auditKindText = (kind: string) => (isAuditKind(kind) ? AUDIT_KIND_TEXTS[kind] : kind);
