import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { type TAuditKind, ZAuditResponse } from '#contract/reports';
import { api } from '@/lib/api';
import { reportKeys } from '@/lib/query-keys';
import type { Period } from '../period';

export type AuditQuery = Period & { kind?: TAuditKind | undefined };

export const getAuditLog = ({ from, to, kind }: AuditQuery) =>
  api.get(`/api/admin/audit?${new URLSearchParams({ from, to, ...(kind && { kind }) })}`, ZAuditResponse);

export const getAuditLogQueryOptions = (query: AuditQuery | null) =>
  queryOptions({
    queryKey: reportKeys.audit(query),
    queryFn: query ? () => getAuditLog(query) : skipToken,
  });

/** What happened in a period, newest first, of one kind or all (admins only). */
export const useAuditLog = (query: AuditQuery | null) => useQuery(getAuditLogQueryOptions(query));
