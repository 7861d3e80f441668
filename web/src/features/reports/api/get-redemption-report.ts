import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ZRedemptionReport } from '#contract/reports';
import { api } from '@/lib/api';
import { reportKeys } from '@/lib/query-keys';
import type { Period } from '../period';

export type RedemptionReportQuery = Period & { partnerId: number };

export const getRedemptionReport = ({ from, to, partnerId }: RedemptionReportQuery) =>
  api.get(
    `/api/reports/redemptions?${new URLSearchParams({ from, to, partnerId: String(partnerId) })}`,
    ZRedemptionReport,
  );

export const getRedemptionReportQueryOptions = (query: RedemptionReportQuery | null) =>
  queryOptions({
    queryKey: reportKeys.redemptionsOf(query),
    queryFn: query ? () => getRedemptionReport(query) : skipToken,
  });

/** A partner's redemptions in a period with their totals; idle while the query is not complete. */
export const useRedemptionReport = (query: RedemptionReportQuery | null) =>
  useQuery(getRedemptionReportQueryOptions(query));
