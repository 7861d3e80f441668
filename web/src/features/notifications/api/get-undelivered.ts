import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZUndeliveredResponse } from '#contract/notifications';
import { api } from '@/lib/api';
import { adminKeys } from '@/lib/query-keys';

/** The bot messages given up (Telegram refused them, or answered nothing for a day), newest first. */
export const getUndelivered = () => api.get('/api/admin/notifications/undelivered', ZUndeliveredResponse);

export const getUndeliveredQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.undelivered, queryFn: getUndelivered });

export const useUndelivered = () => useQuery(getUndeliveredQueryOptions());
