import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZInviteStatsResponse } from '#contract/invites';
import { api } from '@/lib/api';
import { adminKeys } from '@/lib/query-keys';

/** Per member, how many came through their invitation link and how many of them bought. */
export const getInviteStats = () => api.get('/api/admin/invites', ZInviteStatsResponse);

export const getInviteStatsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.invites, queryFn: getInviteStats });

export const useInviteStats = () => useQuery(getInviteStatsQueryOptions());
