import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ZSeasonResponse } from '#contract/reports';
import { api } from '@/lib/api';
import { reportKeys } from '@/lib/query-keys';
import type { Period } from '../period';

export const getSeason = ({ from, to }: Period) =>
  api.get(`/api/admin/season?${new URLSearchParams({ from, to })}`, ZSeasonResponse);

export const getSeasonQueryOptions = (period: Period | null) =>
  queryOptions({
    queryKey: reportKeys.season(period),
    queryFn: period ? () => getSeason(period) : skipToken,
  });

/** The season in a period: totals, weeks, partners ranked and the funnel (admins only). */
export const useSeason = (period: Period | null) => useQuery(getSeasonQueryOptions(period));
