import type { TRole } from '#contract/session';
import { DomainError } from '../../domain/domain-error.ts';
import type { PartnerAccess } from '../partners/partner-access.ts';
import type { ExportRequest } from './exports.ts';
import type { ReportService } from './reports.service.ts';
import type { ReportRefusal } from './texts.ts';

export type Reader = { id: number; role: TRole };

const refuse = (code: ReportRefusal) => new DomainError<ReportRefusal>(code);

/**
 * Who may read which report, decided once for the JSON answers, the exports and the signed
 * download alike: an admin every partner's, a partner and their staff their own; settlement and
 * the audit log admins only.
 */
export function createReportScope(reports: ReportService, access: PartnerAccess) {
  /** The partners whose reports the reader may pick from. */
  async function readablePartners(reader: Reader) {
    return reports.reportablePartners(reader.role === 'admin' ? 'all' : await access.partnerIdsOf(reader.id));
  }

  /** The partners a report may cover for this reader: the one asked for, if theirs to read, or all theirs. */
  async function partnersInScope(reader: Reader, requested?: number): Promise<number[]> {
    if (reader.role === 'admin') {
      return requested ? [requested] : (await reports.reportablePartners('all')).map((partner) => partner.id);
    }
    const own = await access.partnerIdsOf(reader.id);
    if (requested === undefined) return own;
    if (!own.includes(requested)) throw refuse('not_your_report');
    return [requested];
  }

  /** The partners a report or export covers for this reader; refused when it is not theirs to read. */
  async function scopeOf(reader: Reader, request: ExportRequest): Promise<number[]> {
    if (request.report !== 'redemptions' && reader.role !== 'admin') throw refuse('not_your_report');
    if (request.report === 'redemptions' && reader.role === 'user') throw refuse('not_your_report');
    return partnersInScope(reader, request.report === 'redemptions' ? request.partnerId : undefined);
  }

  return { readablePartners, scopeOf };
}

export type ReportScope = ReturnType<typeof createReportScope>;
