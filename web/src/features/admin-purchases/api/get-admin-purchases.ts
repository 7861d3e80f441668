import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type TAdminPurchasesQuery, ZAdminPurchasesResponse } from '#contract/back-office-purchases';
import { api } from '@/lib/api';
import { adminPurchaseKeys } from '@/lib/query-keys';

export type PurchaseFilters = Omit<TAdminPurchasesQuery, 'cursor'>;

/** The query string in a fixed order, leaving out what is not set. */
export function adminPurchasesPath(filters: PurchaseFilters, cursor?: string) {
  const query = new URLSearchParams();
  const fields = { ...filters, cursor };
  for (const key of ['status', 'partnerId', 'from', 'to', 'q', 'cursor'] as const) {
    const value = fields[key];
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `/api/admin/purchases?${text}` : '/api/admin/purchases';
}

export const getAdminPurchases = (filters: PurchaseFilters, cursor?: string) =>
  api.get(adminPurchasesPath(filters, cursor), ZAdminPurchasesResponse);

export const getAdminPurchasesQueryOptions = (filters: PurchaseFilters) =>
  infiniteQueryOptions({
    queryKey: adminPurchaseKeys.filtered(filters),
    queryFn: ({ pageParam }) => getAdminPurchases(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Purchases newest first, a page at a time («Показать еще» asks for the next). */
export const useAdminPurchases = (filters: PurchaseFilters) =>
  useInfiniteQuery(getAdminPurchasesQueryOptions(filters));
