import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOkResponse } from '#contract/coupons';
import { ZPartnerOptionsResponse } from '#contract/partners';
import {
  ReportErrorCode,
  ZAuditEvent,
  ZAuditQuery,
  ZAuditResponse,
  ZExportLinkResponse,
  ZExportRequest,
  ZPeriodQuery,
  ZRedemptionReport,
  ZRedemptionReportQuery,
  ZSeasonQuery,
  ZSeasonResponse,
  ZSettlementResponse,
  ZWeeklyQuery,
  ZWeeklyReport,
} from '#contract/reports';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../domain/domain-error.ts';
import type { Messengers } from '../../domain/messenger.ts';
import { sendJsonInPieces, sendJsonListInPieces } from '../../http/json-in-pieces.ts';
import { sendJsonText } from '../../http/json-text.ts';
import { RATE_LIMITS } from '../../http/rate-limits.ts';
import { createSignedLinks } from '../../http/signed-links.ts';
import { documentSenderOf } from '../../messenger/documents.ts';
import type { TakeTurn } from '../../queueing/turns.ts';
import { requireRole } from '../users/caller.ts';
import type { UserService } from '../users/users.service.ts';
import { buildExport, type ExportRequest, exportFileName } from './exports.ts';
import type { ReportScope } from './report-scope.ts';
import type { ReportService } from './reports.service.ts';
import type { ReportRefusal } from './texts.ts';

interface ExportLink {
  userId: number;
  request: ExportRequest;
}

export interface ReportDeps {
  reports: ReportService;
  scope: ReportScope;
  users: UserService;
  timeZone: string;
  botToken: string;
  db: Db;
  /** Sends a file to a person's chat when their messenger cannot download one (the stand-in's does not). */
  messengers: Messengers;
  /** Every report waits its turn here (report-queue.ts). */
  queue: TakeTurn;
}

const refuse = (code: ReportRefusal) => new DomainError<ReportRefusal>(code);

function sendCsv(reply: FastifyReply, file: { fileName: string; bytes: AsyncIterable<Uint8Array> }) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(Readable.from(file.bytes));
}

const callerOf = async (request: FastifyRequest) => ({
  id: request.caller.id,
  role: await request.caller.role(),
});

export const exportLinksOf = (botToken: string) =>
  createSignedLinks<ExportLink>(botToken, 'report-export-link');

/** Reports and the audit log (JSON, or CSV with `format=csv`), and their exports. */
export const reportsRoutes: FastifyPluginAsyncZod<ReportDeps> = async (app, deps) => {
  const { reports, timeZone } = deps;
  const links = exportLinksOf(deps.botToken);

  /** Answers JSON, or the same report as CSV when the query asks for it. */
  async function answer<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    format: 'json' | 'csv',
    exportRequest: ExportRequest,
    json: (partnerIds: number[]) => Promise<T>,
  ) {
    const partnerIds = await deps.scope.scopeOf(await callerOf(request), exportRequest);
    await deps.queue(request.caller.id, reply);
    if (format === 'csv')
      return sendCsv(reply, await buildExport(reports, exportRequest, partnerIds, timeZone));
    return json(partnerIds);
  }

  app.get(
    '/api/reports/partners',
    {
      preValidation: requireRole('partner', 'staff', 'admin'),
      schema: { response: { 200: ZPartnerOptionsResponse } },
    },
    async (request) => deps.scope.readablePartners(await callerOf(request)),
  );

  app.get(
    '/api/reports/redemptions',
    {
      preValidation: requireRole('partner', 'staff', 'admin'),
      schema: { querystring: ZRedemptionReportQuery, response: { 200: ZRedemptionReport } },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      return answer(request, reply, format, { report: 'redemptions', ...query }, (ids) =>
        reports.redemptions(query, ids),
      );
    },
  );

  app.get(
    '/api/admin/settlement',
    {
      preValidation: requireRole('admin'),
      schema: { querystring: ZPeriodQuery, response: { 200: ZSettlementResponse } },
    },
    async (request, reply) => {
      const { format, ...period } = request.query;
      return answer(request, reply, format, { report: 'settlement', ...period }, () =>
        reports.settlement(period),
      );
    },
  );

  app.get(
    '/api/reports/weekly',
    {
      preValidation: requireRole('partner', 'staff', 'admin'),
      schema: { querystring: ZWeeklyQuery, response: { 200: ZWeeklyReport } },
    },
    async (request, reply) => {
      const { partnerId, ...period } = request.query;
      const partnerIds = await deps.scope.scopeOf(await callerOf(request), {
        report: 'redemptions',
        ...period,
        partnerId,
      });
      await deps.queue(request.caller.id, reply);
      return sendJsonInPieces(reply, ZWeeklyReport, 'offers', await reports.weekly(period, partnerIds));
    },
  );

  app.get(
    '/api/admin/season',
    {
      preValidation: requireRole('admin'),
      schema: { querystring: ZSeasonQuery, response: { 200: ZSeasonResponse } },
    },
    async (request, reply) => {
      await deps.queue(request.caller.id, reply);
      return reports.season(request.query);
    },
  );

  app.get(
    '/api/admin/audit',
    {
      preValidation: requireRole('admin'),
      schema: { querystring: ZAuditQuery, response: { 200: ZAuditResponse } },
    },
    async (request, reply) => {
      const { format, kind, ...period } = request.query;
      // Up to MAX_AUDIT_ROWS rows: written a few at a time, as the weekly report is.
      return answer(request, reply, format, { report: 'audit', ...period, kind }, async () =>
        sendJsonListInPieces(reply, ZAuditEvent, await reports.audit(period, kind)),
      );
    },
  );

  app.post(
    '/api/exports/link',
    {
      preValidation: requireRole('partner', 'staff', 'admin'),
      schema: { body: ZExportRequest, response: { 200: ZExportLinkResponse } },
    },
    async (request) => {
      const caller = await callerOf(request);
      // Refused now, not when the file is fetched: a report the caller may not read.
      await deps.scope.scopeOf(caller, request.body);
      const token = links.issue({ userId: caller.id, request: request.body });
      return {
        url: `/api/exports/file?${new URLSearchParams({ token })}`,
        fileName: exportFileName(request.body),
      };
    },
  );

  app.post(
    '/api/exports/send',
    {
      config: { rateLimit: RATE_LIMITS.sendToBot },
      preValidation: requireRole('partner', 'staff', 'admin'),
      schema: { body: ZExportRequest, response: { 200: ZOkResponse } },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const send = await documentSenderOf(deps.db, deps.messengers, caller.id);
      if (!send) throw refuse(ReportErrorCode.botUnavailable);
      const partnerIds = await deps.scope.scopeOf(caller, request.body);
      await deps.queue(caller.id, reply);
      const file = await buildExport(reports, request.body, partnerIds, timeZone);
      try {
        const chunks: Uint8Array[] = [];
        // Whole, as every messenger's upload takes a file: a season's export is a few megabytes.
        for await (const chunk of file.bytes) chunks.push(chunk);
        await send({ bytes: Buffer.concat(chunks), fileName: file.fileName });
      } catch (err) {
        request.log.error({ err }, 'the bot could not send an export');
        throw refuse(ReportErrorCode.botUnavailable);
      }
      return sendJsonText(reply, 'ok');
    },
  );
};

/**
 * The signed CSV download: outside the init-data scope, the token being the proof. The user's role
 * is read again now, so a link made before a role was taken away opens nothing.
 */
export const exportFileRoutes: FastifyPluginAsyncZod<ReportDeps> = async (app, deps) => {
  const links = exportLinksOf(deps.botToken);
  app.get(
    '/api/exports/file',
    { schema: { querystring: z.object({ token: z.string().max(4000) }) } },
    async (request, reply) => {
      const link = links.verify(request.query.token);
      if (!link) throw refuse(ReportErrorCode.exportLinkExpired);
      const user = { id: link.userId, role: await deps.users.resolveRole(link.userId) };
      const partnerIds = await deps.scope.scopeOf(user, link.request);
      await deps.queue(user.id, reply);
      return sendCsv(reply, await buildExport(deps.reports, link.request, partnerIds, deps.timeZone));
    },
  );
};
