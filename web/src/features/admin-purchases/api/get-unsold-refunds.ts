import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZUnsoldRefundsResponse } from '#contract/back-office-purchases';
import { api } from '@/lib/api';
import { adminPurchaseKeys } from '@/lib/query-keys';

export const getUnsoldRefunds = () => api.get('/api/admin/unsold-refunds', ZUnsoldRefundsResponse);

export const getUnsoldRefundsQueryOptions = () =>
  queryOptions({ queryKey: adminPurchaseKeys.unsoldRefunds(), queryFn: getUnsoldRefunds });

/** Payments that found no coupon left and whose money the admins still owe, oldest first. */
export const useUnsoldRefunds = () => useQuery(getUnsoldRefundsQueryOptions());
