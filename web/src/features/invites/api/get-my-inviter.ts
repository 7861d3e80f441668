import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMyInviter } from '#contract/invites';
import { api } from '@/lib/api';
import { inviteKeys } from '@/lib/query-keys';

/** Who invited the caller, when the app was opened through that member's link (null otherwise). */
export const getMyInviter = () => api.get('/api/me/inviter', ZMyInviter);

// Once a launch: who invited someone does not change while the app is open.
export const getMyInviterQueryOptions = () =>
  queryOptions({
    queryKey: inviteKeys.myInviter,
    queryFn: getMyInviter,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useMyInviter = () => useQuery(getMyInviterQueryOptions());
