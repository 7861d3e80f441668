import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ZSettlementResponse } from '#contract/reports';
import { api } from '@/lib/api';
import { reportKeys } from '@/lib/query-keys';
import type { Period } from '../period';

export const getSettlement = ({ from, to }: Period) =>
  api.get(`/api/admin/settlement?${new URLSearchParams({ from, to })}`, ZSettlementResponse);

export const getSettlementQueryOptions = (period: Period | null) =>
  queryOptions({
    queryKey: reportKeys.settlement(period),
    queryFn: period ? () => getSettlement(period) : skipToken,
  });

/** Per partner: sold, redeemed, refunded and still open in a period (admins only). */
export const useSettlement = (period: Period | null) => useQuery(getSettlementQueryOptions(period));
