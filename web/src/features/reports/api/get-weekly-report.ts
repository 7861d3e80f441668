import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ZWeeklyReport } from '#contract/reports';
import { api } from '@/lib/api';
import { reportKeys } from '@/lib/query-keys';
import type { Period } from '../period';

/** A period, and the partner it is about (all the caller may read when absent). */
export type WeeklyReportQuery = Period & { partnerId?: number };

export const getWeeklyReport = ({ from, to, partnerId }: WeeklyReportQuery) =>
  api.get(
    `/api/reports/weekly?${new URLSearchParams({
      from,
      to,
      ...(partnerId !== undefined && { partnerId: String(partnerId) }),
    })}`,
    ZWeeklyReport,
  );

export const getWeeklyReportQueryOptions = (query: WeeklyReportQuery | null) =>
  queryOptions({
    queryKey: reportKeys.weekly(query),
    queryFn: query ? () => getWeeklyReport(query) : skipToken,
  });

/** A period week by week, all offers together and each; idle while the query is not complete. */
export const useWeeklyReport = (query: WeeklyReportQuery | null) =>
  useQuery(getWeeklyReportQueryOptions(query));
